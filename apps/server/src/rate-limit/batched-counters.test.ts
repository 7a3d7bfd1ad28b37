// Hits are answered from memory and reach the shared store in batches.
import { describe, expect, it } from 'vitest';
import { until } from '../../test/until.ts';
import { BatchedCounters } from './batched-counters.ts';
import type { CounterHit, CounterIncrement, CounterStore } from './counter-store.ts';

/** A shared store in memory that records each round trip. */
class FakeStore implements CounterStore {
  readonly counts = new Map<string, { count: number; resetAt: number }>();
  readonly trips: CounterIncrement[][] = [];
  failNext = false;

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const [hit] = await this.hitMany([{ key, windowMs, n: 1 }]);
    return hit!;
  }

  async hitMany(hits: readonly CounterIncrement[]): Promise<CounterHit[]> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('store down');
    }
    this.trips.push([...hits]);
    const now = Date.now();
    return hits.map(({ key, windowMs, n }) => {
      const current = this.counts.get(key);
      const next =
        current && current.resetAt > now
          ? { count: current.count + n, resetAt: current.resetAt }
          : { count: n, resetAt: now + windowMs };
      this.counts.set(key, next);
      return next;
    });
  }

  async close() {}
}

describe('BatchedCounters', () => {
  it('answers every hit at once with an exact count on one instance', () => {
    const counters = new BatchedCounters(new FakeStore(), { intervalMs: 60_000 });
    const counts = Array.from({ length: 5 }, () => counters.hit('ip:1', 60_000).count);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(counters.hit('ip:2', 60_000).count).toBe(1);
  });

  it('sends the hits of all keys in one round trip', async () => {
    const store = new FakeStore();
    const counters = new BatchedCounters(store, { intervalMs: 60_000 });
    for (let i = 0; i < 100; i++) counters.hit(`ip:${i % 3}`, 60_000);
    await counters.sync();
    expect(store.trips).toHaveLength(1);
    expect(store.trips[0]!.map((h) => [h.key, h.n]).sort()).toEqual([
      ['ip:0', 34],
      ['ip:1', 33],
      ['ip:2', 33],
    ]);
    await counters.sync();
    expect(store.trips).toHaveLength(1);
  });

  it('syncs by itself after the interval', async () => {
    const store = new FakeStore();
    const counters = new BatchedCounters(store, { intervalMs: 20 });
    counters.hit('k', 60_000);
    expect(store.trips).toHaveLength(0);
    // Nothing here calls sync(): the hit reaches the store on the timer alone.
    await until(() => store.trips.length > 0, 'the sync of the timer');
    expect(store.counts.get('k')?.count).toBe(1);
  });

  it('adds what other instances counted once synced', async () => {
    const store = new FakeStore();
    const a = new BatchedCounters(store, { intervalMs: 60_000 });
    const b = new BatchedCounters(store, { intervalMs: 60_000 });
    for (let i = 0; i < 4; i++) a.hit('k', 60_000);
    await a.sync();
    b.hit('k', 60_000);
    await b.sync();
    expect(b.hit('k', 60_000).count).toBe(6);
    expect(a.hit('k', 60_000).count).toBe(5);
  });

  it('keeps the hits when the store fails and sends them next time', async () => {
    const store = new FakeStore();
    const counters = new BatchedCounters(store, { intervalMs: 60_000 });
    counters.hit('k', 60_000);
    counters.hit('k', 60_000);
    store.failNext = true;
    await expect(counters.sync()).rejects.toThrow('store down');
    expect(counters.hit('k', 60_000).count).toBe(3);
    await counters.sync();
    expect(store.counts.get('k')?.count).toBe(3);
  });

  it('starts a new window once the old one has passed', () => {
    const counters = new BatchedCounters(new FakeStore(), { intervalMs: 60_000 });
    const start = Date.now();
    counters.hit('k', 1_000, start);
    counters.hit('k', 1_000, start);
    expect(counters.hit('k', 1_000, start + 1_500)).toEqual({ count: 1, resetAt: start + 2_500 });
  });

  it('sends what is left on close', async () => {
    const store = new FakeStore();
    const counters = new BatchedCounters(store, { intervalMs: 60_000 });
    counters.hit('k', 60_000);
    await counters.close();
    expect(store.counts.get('k')?.count).toBe(1);
  });
});
