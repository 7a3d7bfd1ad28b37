// Both counter stores count hits in fixed windows and share counts between instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers.ts';
import { until } from '../../test/until.ts';
import type { Database } from '../db/database.ts';
import { PostgresCounterStore, RedisCounterStore } from './counter-store.ts';
import type { CounterStore } from './counter-store.ts';

function behavesAsACounter(
  name: string,
  open: () => Promise<{ a: CounterStore; b: CounterStore; done: () => Promise<void> }>,
) {
  describe(name, () => {
    let a: CounterStore;
    let b: CounterStore;
    let done: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, done } = await open());
    });
    afterAll(() => done());

    it('counts hits in a window and tells when it ends', async () => {
      const key = `k-${Math.random()}`;
      const first = await a.hit(key, 60_000);
      expect(first.count).toBe(1);
      expect(first.resetAt).toBeGreaterThan(Date.now() + 50_000);
      expect((await a.hit(key, 60_000)).count).toBe(2);
    });

    it('shares counts between two stores on the same backend (two instances)', async () => {
      const key = `shared-${Math.random()}`;
      await a.hit(key, 60_000);
      expect((await b.hit(key, 60_000)).count).toBe(2);
    });

    it('adds several keys in one round trip', async () => {
      const k1 = `m1-${Math.random()}`;
      const k2 = `m2-${Math.random()}`;
      await a.hit(k1, 60_000);
      const [one, two] = await b.hitMany([
        { key: k1, windowMs: 60_000, n: 3 },
        { key: k2, windowMs: 60_000, n: 2 },
      ]);
      expect([one?.count, two?.count]).toEqual([4, 2]);
      expect(two?.resetAt).toBeGreaterThan(Date.now() + 50_000);
    });

    it('reads a count without adding to it (n: 0)', async () => {
      const key = `peek-${Math.random()}`;
      expect((await a.hitMany([{ key, windowMs: 60_000, n: 0 }]))[0]?.count).toBe(0);
      await a.hit(key, 60_000);
      await a.hit(key, 60_000);
      expect((await b.hitMany([{ key, windowMs: 60_000, n: 0 }]))[0]?.count).toBe(2);
      expect((await a.hit(key, 60_000)).count).toBe(3);
    });

    it('starts a new window once the old one has passed', async () => {
      const key = `short-${Math.random()}`;
      await a.hit(key, 100);
      const { resetAt } = await a.hit(key, 100);
      // Until the end the store answered has passed, however long the machine takes to get there.
      await until(() => Date.now() > resetAt, 'the end of the window');
      expect((await a.hit(key, 100)).count).toBe(1);
    });
  });
}

behavesAsACounter('PostgresCounterStore', async () => {
  const { db, drop } = await testDatabase();
  return { a: new PostgresCounterStore(db as Database), b: new PostgresCounterStore(db), done: drop };
});

const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) {
  behavesAsACounter('RedisCounterStore', async () => {
    const a = new RedisCounterStore(redisUrl);
    const b = new RedisCounterStore(redisUrl);
    return { a, b, done: async () => Promise.all([a.close(), b.close()]).then(() => undefined) };
  });
} else {
  it.skip('RedisCounterStore (set TEST_REDIS_URL to run against a Redis server)', () => undefined);
}
