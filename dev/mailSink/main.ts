/**
 * Runs the development mail sink alone (`npm start` runs it): MAIL_SINK_SMTP_PORT (default 2525)
 * and MAIL_SINK_HTTP_PORT (default 2580), both on 127.0.0.1.
 */
import { startMailSink } from './mailSink';

function port(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65_535)
    throw new Error(`${name} must be a port number, got ${process.env[name]}`);
  return value;
}

const sink = await startMailSink({
  smtpPort: port('MAIL_SINK_SMTP_PORT', 2525),
  httpPort: port('MAIL_SINK_HTTP_PORT', 2580),
});
console.log(`Mail sink: SMTP at ${sink.smtpUrl}; what was sent at ${sink.pageUrl}`);

const stop = () => {
  sink.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Mail sink did not close cleanly:', error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
