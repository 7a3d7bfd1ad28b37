// Fixed-window counters shared by every instance: in PostgreSQL (default) or Redis (REDIS_URL).
// Used by the HTTP rate limiter and by services that limit an action (codes sent per address...).
import { Redis } from 'ioredis';
import type { Database } from '../db/database.ts';

export interface CounterHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the window ends (epoch ms). */
  resetAt: number;
}

export interface CounterStore {
  hit(key: string, windowMs: number): Promise<CounterHit>;
  /**
   * Adds `n` hits to each key (keys distinct) in one round trip; answers in the same order. `n: 0`
   * reads a count without adding to it.
   */
  hitMany(hits: readonly CounterIncrement[]): Promise<CounterHit[]>;
  close(): Promise<void>;
}

export interface CounterIncrement {
  key: string;
  windowMs: number;
  n: number;
}

export class PostgresCounterStore implements CounterStore {
  readonly #db: Database;
  #hitsSinceSweep = 0;

  constructor(db: Database) {
    this.#db = db;
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const [hit] = await this.hitMany([{ key, windowMs, n: 1 }]);
    if (!hit) throw new Error('rate limit counter did not answer');
    return hit;
  }

  async hitMany(hits: readonly CounterIncrement[]): Promise<CounterHit[]> {
    if (hits.length === 0) return [];
    const rows = await this.#db.query<{ key: string; count: number; reset_at: string }>(
      `INSERT INTO rate_limits (key, count, expires_at)
       SELECT k, n, clock_timestamp() + w * interval '1 millisecond'
       FROM unnest($1::text[], $2::int[], $3::int[]) AS t(k, n, w)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.expires_at <= clock_timestamp()
                      THEN excluded.count ELSE rate_limits.count + excluded.count END,
         expires_at = CASE WHEN rate_limits.expires_at <= clock_timestamp()
                           THEN excluded.expires_at ELSE rate_limits.expires_at END
       RETURNING key, count, (extract(epoch FROM expires_at) * 1000)::bigint::text AS reset_at`,
      [hits.map((h) => h.key), hits.map((h) => h.n), hits.map((h) => h.windowMs)],
      'count_hits',
    );
    this.#hitsSinceSweep += hits.length;
    if (this.#hitsSinceSweep >= 1000) {
      this.#hitsSinceSweep = 0;
      void this.#db.query(`DELETE FROM rate_limits WHERE expires_at < clock_timestamp()`).catch(() => undefined);
    }
    const byKey = new Map(rows.map((row) => [row.key, { count: Number(row.count), resetAt: Number(row.reset_at) }]));
    return hits.map((h) => {
      const hit = byKey.get(h.key);
      if (!hit) throw new Error('rate limit counter did not answer');
      return hit;
    });
  }

  async close(): Promise<void> {}
}

const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export class RedisCounterStore implements CounterStore {
  readonly #redis: Redis;

  constructor(url: string) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, keyPrefix: 'portal:rl:' });
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, key, String(windowMs), '1')) as [number, number];
    return { count, resetAt: Date.now() + ttl };
  }

  async hitMany(hits: readonly CounterIncrement[]): Promise<CounterHit[]> {
    const pipeline = this.#redis.pipeline();
    for (const h of hits) pipeline.eval(HIT_SCRIPT, 1, h.key, String(h.windowMs), String(h.n));
    const answers = (await pipeline.exec()) ?? [];
    const now = Date.now();
    return answers.map(([error, result]) => {
      if (error) throw error;
      const [count, ttl] = result as [number, number];
      return { count, resetAt: now + ttl };
    });
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => undefined);
  }
}

export function createCounterStore(db: Database, redisUrl: string | undefined): CounterStore {
  return redisUrl ? new RedisCounterStore(redisUrl) : new PostgresCounterStore(db);
}
