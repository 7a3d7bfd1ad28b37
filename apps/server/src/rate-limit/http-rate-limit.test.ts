// The HTTP rate limit: what it counts by, what it counts, and what a client is told when refused.
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorMessages } from '../http/messages.ts';
import { registerErrorHandling } from '../http/error-handler.ts';
import type { CounterHit, CounterIncrement, CounterStore } from './counter-store.ts';
import { clientKey, registerHttpRateLimit } from './http-rate-limit.ts';

/** A shared store that never has hits from another instance. */
const quietStore: CounterStore = {
  async hit(_key: string, windowMs: number): Promise<CounterHit> {
    return { count: 1, resetAt: Date.now() + windowMs };
  },
  async hitMany(hits: readonly CounterIncrement[]): Promise<CounterHit[]> {
    return hits.map(({ windowMs, n }) => ({ count: n, resetAt: Date.now() + windowMs }));
  },
  close: async () => undefined,
};

describe('clientKey', () => {
  it('counts an IPv4 address as it is, also when IPv4-mapped', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const key = '2001:db8:85a3:0::/64';
    expect(clientKey('2001:db8:85a3::8a2e:370:7334')).toBe(key);
    expect(clientKey('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe(key);
    expect(clientKey('2001:DB8:85A3::1')).toBe(key);
    expect(clientKey('2001:db8:85a3:0:ffff::1%eth0')).toBe(key);
    expect(clientKey('2001:db8:85a3:1::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });
});

describe('registerHttpRateLimit', () => {
  let app: FastifyInstance;

  afterEach(async () => {
    await app.close();
  });

  async function limitedApp() {
    app = Fastify();
    registerErrorHandling(app, await ErrorMessages.load());
    registerHttpRateLimit(app, quietStore, { max: 4, timeWindow: 60_000 });
    app.get('/api/plain', async () => ({ ok: true }));
    app.get('/api/tight', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    app.get('/page', async () => ({ ok: true }));
    await app.ready();
    return (url: string, remoteAddress = '198.51.100.1') => app.inject({ method: 'GET', url, remoteAddress });
  }

  it("limits a call's own tier per call, and counts it in the default tier too", async () => {
    const get = await limitedApp();
    expect((await get('/api/tight')).statusCode).toBe(200);
    expect((await get('/api/tight')).statusCode).toBe(200);
    const refused = await get('/api/tight');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ key: 'error.too_many_requests', hydraErrorCode: 1020 });
    expect(refused.json().body.seconds).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The three requests above count in the default tier (4): one more passes, the next does not.
    expect((await get('/api/plain')).statusCode).toBe(200);
    expect((await get('/api/plain')).statusCode).toBe(429);
  });

  it('counts each client address apart, and leaves pages alone', async () => {
    const get = await limitedApp();
    for (let i = 0; i < 4; i++) expect((await get('/api/plain')).statusCode).toBe(200);
    expect((await get('/api/plain')).statusCode).toBe(429);
    expect((await get('/api/plain', '198.51.100.2')).statusCode).toBe(200);
    expect((await get('/page')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 together', async () => {
    const get = await limitedApp();
    for (let i = 0; i < 4; i++) expect((await get('/api/plain', `2001:db8:1:2::${i + 1}`)).statusCode).toBe(200);
    expect((await get('/api/plain', '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await get('/api/plain', '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('answers a passed request without rate-limit headers', async () => {
    const get = await limitedApp();
    const res = await get('/api/plain');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.headers).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
  });
});
