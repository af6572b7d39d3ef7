import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes SQL migrations from the schema; commit them. */
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/matchActionTables.ts'],
  out: './server/db/migrations',
});
