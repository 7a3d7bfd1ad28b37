// The server's log output: lines to standard output that never hold the process up (issue 28).
// Before, pino wrote synchronously (or through pino-pretty's worker thread, which the main thread
// waited for at exit): with a reader that stopped reading, or one that had gone away and killed the
// worker, the main thread waited in Atomics.wait for ever, a stop closed the port and never exited,
// and further SIGTERMs went unheard. Now every line goes through the process's own stream, which
// writes pipes and files asynchronously: a line waits in memory while the reader is slow, is dropped
// once a megabyte waits (the reader stopped reading), and nothing more is written once the reader
// went away (EPIPE and other write errors). A stop waits a moment for what is queued (flush), never
// longer.
import type { Writable } from 'node:stream';

/** What may wait for a slow reader before new lines are dropped. */
export const MAX_QUEUED_BYTES = 1024 * 1024;

export class LogOutput {
  readonly #out: Writable;
  #broken = false;
  #dropped = 0;

  constructor(out: Writable) {
    this.#out = out;
    // Without a listener a write error (EPIPE: the reader is gone) would end the process.
    out.on('error', () => {
      this.#broken = true;
    });
  }

  /** Whether the reader went away (a write failed): lines are no longer written. */
  get broken(): boolean {
    return this.#broken;
  }

  /** Lines dropped because too much was waiting for the reader. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Queues `text` for the reader; never waits. */
  write(text: string): void {
    if (this.#broken || this.#out.destroyed) return;
    if (this.#out.writableLength > MAX_QUEUED_BYTES) {
      this.#dropped++;
      return;
    }
    this.#out.write(text);
  }

  /** Resolves once what was written has left the process, or after `timeoutMs`, whichever is first. */
  flush(timeoutMs: number): Promise<void> {
    if (this.#broken || this.#out.destroyed || this.#out.writableLength === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      // Write callbacks run in order: this one runs once everything before it was written.
      this.#out.write('', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

let stdout: LogOutput | undefined;

/** The process's standard output as a log output (one for the process: one error listener). */
export function stdoutLog(): LogOutput {
  stdout ??= new LogOutput(process.stdout);
  return stdout;
}

/**
 * The stream pino writes to: its JSON lines, or in a terminal (development) those lines made
 * readable by pino-pretty in this thread (a development dependency, loaded only then).
 */
export async function logStream(output: LogOutput, pretty: boolean): Promise<{ write(line: string): void }> {
  if (!pretty) return { write: (line) => output.write(line) };
  const { prettyFactory } = await import('pino-pretty');
  const prettify = prettyFactory({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname' });
  return { write: (line) => output.write(prettify(line)) };
}
