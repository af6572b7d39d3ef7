import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../../scripts/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

/** One throwaway PostgreSQL cluster for the `server` project; fails (never skips) without one. */
export default async function startPostgres(project: TestProject): Promise<() => Promise<void>> {
  const postgres = await startThrowawayPostgres();
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}
