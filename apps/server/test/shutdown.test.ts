// A stop lets in-flight requests finish and refuses new connections.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { portalHeaders, testApp } from './helpers.ts';
import { until } from './until.ts';

/** One GET on a connection of its own, closed after the answer (not kept alive for the next). */
function get(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('finishes a request that is in flight when close() starts, then refuses connections', async () => {
    const t = await testApp({}, { seed: false });
    // Hold the request's query until the stop has begun: it is surely in flight then, however
    // slow the machine (a request that arrives after close() starts is refused with 503). The stop
    // begins once the request has reached the database (its own query, not one of the app's
    // background reads); it has begun when the server no longer listens.
    const originalQuery = t.deps.db.query.bind(t.deps.db);
    let reached: () => void = () => undefined;
    const reachedDatabase = new Promise<void>((resolve) => (reached = resolve));
    t.deps.db.query = async (...args) => {
      if (args[0] === 'SELECT 1') {
        reached();
        await until(() => !t.app.server.listening, 'the stop to begin');
      }
      return originalQuery(...args);
    };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const inFlight = get(port, '/readyz', portalHeaders());
    await reachedDatabase;
    const closing = t.app.close();
    expect(await inFlight).toBe(200);
    await closing;
    await expect(get(port, '/healthz', {})).rejects.toThrow();
    t.deps.db.query = originalQuery;
    await t.close();
  });
});
