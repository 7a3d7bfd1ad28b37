// The log output never holds the process up: a reader that stopped reading costs lines, one that went
// away stops the writing, and a flush waits at most its time.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LogOutput, MAX_QUEUED_BYTES } from './log-output.ts';

/** A reader that takes the first write and then never finishes it (a full pipe nobody reads). */
function stalledReader(): Writable {
  return new Writable({ highWaterMark: 1024, write: () => undefined });
}

describe('LogOutput', () => {
  it('queues lines for a reader that stopped reading, then drops them past a megabyte', () => {
    const out = stalledReader();
    const log = new LogOutput(out);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 2000; i++) log.write(line);
    expect(out.writableLength).toBeGreaterThan(MAX_QUEUED_BYTES);
    expect(out.writableLength).toBeLessThanOrEqual(MAX_QUEUED_BYTES + line.length);
    expect(log.dropped).toBeGreaterThan(900);
  });

  it('stops writing, without throwing, once the reader went away (EPIPE)', async () => {
    let written = 0;
    const out = new Writable({
      write: (_chunk, _encoding, done) => {
        written++;
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const log = new LogOutput(out);
    log.write('first\n');
    await new Promise((resolve) => out.once('error', resolve));
    expect(log.broken).toBe(true);
    log.write('second\n');
    expect(written).toBe(1);
    await expect(log.flush(1000)).resolves.toBeUndefined();
  });

  it('flushes once the lines were written, and gives up waiting for a stalled reader', async () => {
    const lines: string[] = [];
    const log = new LogOutput(
      new Writable({
        write: (chunk: Buffer, _encoding, done) => {
          lines.push(chunk.toString());
          setImmediate(done);
        },
      }),
    );
    log.write('one\n');
    log.write('two\n');
    await log.flush(60_000);
    expect(lines.join('')).toBe('one\ntwo\n');

    const stalled = new LogOutput(stalledReader());
    stalled.write('never read\n');
    const started = Date.now();
    await stalled.flush(50);
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});
