/**
 * The backend the built site calls (in this process, on in-memory PGlite, on :8080), with the
 * job-board stand-in's recorded boards polled once, so a seeker's profile has a list to show.
 * For the benchmarks that drive the built site in Chromium.
 */
import type { Browser } from 'playwright-core';
import { buildApp } from '../server/app';
import { readServerConfig } from '../server/config';
import { everySourceAt } from '../server/jobs/settings';
import { startStandIn } from '../dev/jobBoards/standInServer';
import { serveBuiltSite, type BuiltSite } from './builtSite';
import { launchChromium, OFFLINE_GOOGLE_FLAG } from './chromium';
import { emulatorUrl } from './emulator';

const BACKEND_HOST = '127.0.0.1';
const BACKEND_PORT = 8080;
const POLLED_WITHIN_MS = 120_000;

/** Started and every stand-in board polled once; `close` stops both. */
export async function startBackendWithPostings() {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = new URL(emulatorUrl('auth')).host;
  const jobBoards = await startStandIn({ publishEveryMs: 0 });
  const app = await buildApp({
    config: {
      ...readServerConfig(),
      jobBoards: jobBoards.boards(),
      jobSourceUrls: everySourceAt(jobBoards.url),
      // Polled once at the start; none during the visits.
      jobPollIntervalSeconds: 3600,
      rateLimitPerMinute: 10_000,
      refusedTokensPerMinute: 10_000,
    },
    database: { kind: 'pglite-memory' },
    logStream: false,
  });
  const close = async () => {
    await app.close();
    await jobBoards.close();
  };
  try {
    await app.listen({ host: BACKEND_HOST, port: BACKEND_PORT });
    const deadline = Date.now() + POLLED_WITHIN_MS;
    for (const board of jobBoards.boards()) {
      while ((await app.boardPolling?.lastPolledAt(board)) == null) {
        if (Date.now() > deadline) throw new Error('The stand-in boards were not polled.');
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { app, url: `http://${BACKEND_HOST}:${BACKEND_PORT}`, close };
}

type Backend = Awaited<ReturnType<typeof startBackendWithPostings>>;

/** `body` with that backend, the built site and a Chromium, all stopped after it. */
export async function withBuiltSiteAndBackend(
  body: (parts: { backend: Backend; site: BuiltSite; browser: Browser }) => Promise<void>,
): Promise<void> {
  const backend = await startBackendWithPostings();
  const stops: (() => Promise<void>)[] = [backend.close];
  try {
    const site = await serveBuiltSite();
    stops.unshift(site.stop);
    if (!readServerConfig().corsOrigins.includes(site.origin))
      throw new Error(`The site is on ${site.origin}, which the backend's CORS does not allow.`);
    const browser = await launchChromium([OFFLINE_GOOGLE_FLAG]);
    stops.unshift(() => browser.close());
    await body({ backend, site, browser });
  } finally {
    for (const stop of stops) await stop();
  }
}
