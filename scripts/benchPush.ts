/**
 * `npm run bench:push [-- --postings 50]`: a new posting in the job-board stand-in reaching a Pro
 * user's device at the push-service stand-in. The backend (in this process, in-memory PGlite)
 * polls the stand-in every second; a registered Pro user whose profile fits has one device
 * subscribed at the push stand-in, with its own keys. A posting is published every second; each
 * push message is decrypted as the device would and matched to its posting. Median, p99 and the
 * machine's load are printed. Runs inside `firebase emulators:exec --only auth` (it starts one
 * when none is running).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createUserWithEmailAndPassword, signInWithEmailAndPassword } from 'firebase/auth';
import type { PushPayload } from '../contract';
import { buildApp } from '../server/app';
import { readServerConfig } from '../server/config';
import { everySourceAt } from '../server/jobs/settings';
import { startStandIn } from '../dev/jobBoards/standInServer';
import { createTestAuth, disposeTestAuths, uniqueEmail } from '../test/support/emulatorAuth';
import { webPushSubscriber } from '../test/support/webPushSubscriber';
import { checkoutCompleted, newParties, signatureFor } from '../test/server/support/stripeEvents';
import { FITS_THE_FRONTEND_ROLE } from '../test/server/support/standInRoles';
import { rerunInsideAuthEmulator } from './emulator';
import { startPushStandIn } from '../dev/pushService/pushStandIn';
import { POLLED, publishFrontend, type Published } from './standInFrontendPostings';
import { describeMachine, formatMs, median, percentile } from './stats';

const { values } = parseArgs({ options: { postings: { type: 'string', default: '50' } } });
const POSTINGS = Number(values.postings);
const PUBLISH_EVERY_MS = 1_000;
const ARRIVAL_LIMIT_MS = 60_000;
const PASSWORD = 'bench-Password-1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const jobBoards = await startStandIn({ publishEveryMs: 0 });
  const push = await startPushStandIn();
  const app = await buildApp({
    config: {
      ...readServerConfig({}),
      rateLimitPerMinute: 100_000,
      guestCleanupEveryHours: null,
      jobBoards: [POLLED],
      jobSourceUrls: everySourceAt(jobBoards.url),
      jobPollIntervalSeconds: 1,
    },
    database: { kind: 'pglite-memory' },
    logStream: false,
  });
  try {
    const email = uniqueEmail('bench-push');
    await createUserWithEmailAndPassword(createTestAuth(), email, PASSWORD);
    // Signed in once more: a sign-up's own token can be refused as revoked (test/server/support).
    const { user } = await signInWithEmailAndPassword(createTestAuth(), email, PASSWORD);
    const token = await user.getIdToken();
    const send = async (method: 'PUT' | 'POST', url: string, body: unknown, headers = {}) => {
      const answer = await app.inject({ method, url, headers, payload: body as object });
      if (answer.statusCode !== 200) throw new Error(`${url}: ${answer.statusCode} ${answer.body}`);
    };
    const auth = { authorization: `Bearer ${token}` };
    await send('PUT', '/v1/profile', FITS_THE_FRONTEND_ROLE, auth);
    const event = JSON.stringify(checkoutCompleted(user.uid, newParties()));
    await send('POST', '/v1/webhooks/stripe', event, {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': signatureFor(event),
    });
    const device = webPushSubscriber();
    const deviceId = crypto.randomUUID();
    const endpoint = push.endpoint(deviceId);
    await send('POST', '/v1/push/devices', { endpoint, keys: device.keys, label: 'bench' }, auth);

    const published: Published[] = [];
    for (let count = 0; count < POSTINGS; count += 1) {
      published.push(publishFrontend(jobBoards));
      await sleep(PUBLISH_EVERY_MS);
    }
    const deadline = Date.now() + ARRIVAL_LIMIT_MS;
    const arrivedAt = new Map<string, number>();
    while (arrivedAt.size < published.length && Date.now() < deadline) {
      for (const message of push.messages(deviceId)) {
        const payload = JSON.parse(device.decrypt(message.body)) as PushPayload;
        arrivedAt.set(payload.title.replace(/^New match: /, ''), message.receivedAt);
      }
      await sleep(100);
    }
    const delays = published.flatMap(({ title, at }) => {
      const arrived = arrivedAt.get(title);
      return arrived === undefined ? [] : [arrived - at];
    });
    console.log(
      `\n${POSTINGS} postings, one a second, backend polling every second, a Pro device:` +
        `\n  publication → push stand-in: median ${formatMs(median(delays))}, ` +
        `p99 ${formatMs(percentile(delays, 99))}, max ${formatMs(Math.max(...delays))}` +
        `\n  arrived: ${delays.length} of ${POSTINGS}` +
        `\n  ${describeMachine(cpus(), loadavg())}`,
    );
    if (delays.length < POSTINGS) process.exitCode = 1;
  } finally {
    await app.close();
    await push.close();
    await jobBoards.close();
    await disposeTestAuths();
  }
}

if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  process.exitCode = rerunInsideAuthEmulator('scripts/benchPush.ts');
}
