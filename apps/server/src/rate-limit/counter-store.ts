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
  close(): Promise<void>;
}

export class PostgresCounterStore implements CounterStore {
  readonly #db: Database;
  #hitsSinceSweep = 0;

  constructor(db: Database) {
    this.#db = db;
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const [row] = await this.#db.query<{ count: number; reset_at: string }>(
      `INSERT INTO rate_limits (key, count, expires_at)
       VALUES ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.expires_at <= clock_timestamp() THEN 1 ELSE rate_limits.count + 1 END,
         expires_at = CASE WHEN rate_limits.expires_at <= clock_timestamp()
                           THEN excluded.expires_at ELSE rate_limits.expires_at END
       RETURNING count, (extract(epoch FROM expires_at) * 1000)::bigint::text AS reset_at`,
      [key, windowMs],
    );
    if (++this.#hitsSinceSweep >= 1000) {
      this.#hitsSinceSweep = 0;
      void this.#db.query(`DELETE FROM rate_limits WHERE expires_at < clock_timestamp()`).catch(() => undefined);
    }
    if (!row) throw new Error('rate limit counter did not answer');
    return { count: Number(row.count), resetAt: Number(row.reset_at) };
  }

  async close(): Promise<void> {}
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

export class RedisCounterStore implements CounterStore {
  readonly #redis: Redis;

  constructor(url: string) {
    this.#redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, keyPrefix: 'portal:rl:' });
  }

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const [count, ttl] = (await this.#redis.eval(HIT_SCRIPT, 1, key, String(windowMs))) as [number, number];
    return { count, resetAt: Date.now() + ttl };
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => undefined);
  }
}

export function createCounterStore(db: Database, redisUrl: string | undefined): CounterStore {
  return redisUrl ? new RedisCounterStore(redisUrl) : new PostgresCounterStore(db);
}
