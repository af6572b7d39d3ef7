import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `companyKey` in SQL, character for character (ASCII only, so no locale changes it). */
export const companyKeySql = (name: AnyPgColumn): SQL =>
  sql`translate(btrim(regexp_replace(${name}, ${'[ \t\n\r\f\v]+'}, ' ', 'g'), ' '), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')`;
