// The last resort of a stop (issue 28): a thread of its own that ends the process with SIGKILL when
// it is still there `afterMs` after the stop began. The grace timer of server.ts runs on the main
// thread, and a main thread held up (it once waited in Atomics.wait for a log writer that could not
// write) never runs it; this thread does not share its fate.
import { Worker } from 'node:worker_threads';

const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => process.kill(workerData.pid, 'SIGKILL'), workerData.afterMs);
`;

/** Starts the watchdog; it never keeps the process alive by itself. */
export function startStopWatchdog(afterMs: number): void {
  const worker = new Worker(WATCHDOG, { eval: true, workerData: { pid: process.pid, afterMs } });
  worker.unref();
}
