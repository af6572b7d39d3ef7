/** Runs the local push-service stand-in alone (`npm start` runs it): PUSH_STAND_IN_PORT (default 4020). */
import { startPushStandIn } from './pushStandIn';

const port = Number(process.env.PUSH_STAND_IN_PORT ?? 4020);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  throw new Error(
    `PUSH_STAND_IN_PORT must be a port number, got ${process.env.PUSH_STAND_IN_PORT}`,
  );

const standIn = await startPushStandIn({ port });
console.log(
  `Push stand-in on ${standIn.url}: new endpoint with POST /subscriptions; sent at GET /`,
);

const stop = () => {
  standIn.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Push stand-in did not close cleanly:', error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
