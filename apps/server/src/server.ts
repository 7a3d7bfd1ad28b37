// Process entry: configuration, database, listen, and a graceful stop on SIGTERM/SIGINT
// (in-flight requests finish, idle connections close, then the database closes), which ends the
// process within SHUTDOWN_GRACE_MS whatever became of its output (log-output.ts, stop-watchdog.ts).
import './threadpool.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { stdoutLog } from './log-output.ts';
import { startStopWatchdog } from './stop-watchdog.ts';

/** How long a process that stopped waits for its last log lines to reach a slow reader. */
const LOG_FLUSH_MS = 1000;
/** How long after the grace period the watchdog ends a process that is still there (stop-watchdog.ts). */
const WATCHDOG_SLACK_MS = 2000;

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // Through the log output, like every line: standard output may be a pipe nobody reads (log-output.ts).
  stdoutLog().write(
    `\nAccount portal ready: http://localhost:${port}  (API docs: http://localhost:${port}/api/docs)\n\n`,
  );

  let stopping = false;
  /** Ends the process once the last log lines left, or `flushMs` later. */
  const exit = (code: number, flushMs = LOG_FLUSH_MS) => {
    void stdoutLog()
      .flush(flushMs)
      .then(() => process.exit(code));
  };
  const stop = (signal: string) => {
    // One stop at a time: a Ctrl-C reaches npm, scripts/run.mjs and the server, which then hears it twice.
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + config.SHUTDOWN_GRACE_MS;
    startStopWatchdog(config.SHUTDOWN_GRACE_MS + WATCHDOG_SLACK_MS);
    app.log.info({ signal }, 'stopping: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('graceful stop took too long; exiting');
      exit(1, 0);
    }, config.SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      // Within the grace period: what is left of it, at most a second, for the last lines.
      () => exit(0, Math.min(LOG_FLUSH_MS, Math.max(0, deadline - Date.now()))),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while stopping');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
