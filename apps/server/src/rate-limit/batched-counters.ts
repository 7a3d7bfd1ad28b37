// Counts request hits in memory and shares them with the other instances in batches (ADR 008).
// The HTTP rate limiter asks on every request; writing each hit to the shared store would cost a
// database round trip per request and let a flood of requests become a flood of writes. Here a
// hit answers at once from the last shared count plus the hits counted here since, and every
// SYNC_INTERVAL_MS the hits of all keys go to the shared store in one round trip, which answers
// each key's count over all instances. On one instance the counts are exact; with several, a key
// may pass its limit by what the other instances counted within one interval.
import type { CounterHit, CounterStore } from './counter-store.ts';

export const SYNC_INTERVAL_MS = 100;
/** Past this many keys waiting, hits are sent at once rather than at the next interval. */
const MAX_PENDING_KEYS = 5_000;

interface Entry {
  windowMs: number;
  /** The shared count at the last sync (all instances). */
  shared: number;
  /** Hits being sent now. */
  inFlight: number;
  /** Hits counted here since. */
  pending: number;
  resetAt: number;
}

export class BatchedCounters {
  readonly #store: CounterStore;
  readonly #intervalMs: number;
  readonly #entries = new Map<string, Entry>();
  #timer: NodeJS.Timeout | null = null;
  #syncing: Promise<void> | null = null;
  #pendingKeys = 0;

  constructor(store: CounterStore, options: { intervalMs?: number } = {}) {
    this.#store = store;
    this.#intervalMs = options.intervalMs ?? SYNC_INTERVAL_MS;
  }

  /** Counts a hit and answers the key's count in its window, this hit included. */
  hit(key: string, windowMs: number, now = Date.now()): CounterHit {
    let entry = this.#entries.get(key);
    if (!entry || (entry.resetAt <= now && entry.inFlight === 0)) {
      // A new window: hits still waiting from the one that passed no longer matter.
      if (entry && entry.pending > 0) this.#pendingKeys--;
      entry = { windowMs, shared: 0, inFlight: 0, pending: 0, resetAt: now + windowMs };
      this.#entries.set(key, entry);
    }
    if (entry.pending === 0) this.#pendingKeys++;
    entry.pending++;
    this.#schedule();
    return { count: entry.shared + entry.inFlight + entry.pending, resetAt: entry.resetAt };
  }

  /** Sends the hits counted so far (also called on a timer). */
  sync(): Promise<void> {
    this.#syncing ??= this.#send().finally(() => {
      this.#syncing = null;
      if (this.#pendingKeys > 0) this.#schedule();
    });
    return this.#syncing;
  }

  /** Sends what is left and stops. */
  async close(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#syncing;
    if (this.#pendingKeys > 0) await this.sync().catch(() => undefined);
  }

  #schedule() {
    if (this.#pendingKeys >= MAX_PENDING_KEYS) {
      void this.sync().catch(() => undefined);
      return;
    }
    if (this.#timer || this.#syncing) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.sync().catch(() => undefined);
    }, this.#intervalMs);
    this.#timer.unref();
  }

  async #send(): Promise<void> {
    const batch: [string, Entry][] = [];
    for (const [key, entry] of this.#entries) {
      if (entry.pending === 0) continue;
      entry.inFlight = entry.pending;
      entry.pending = 0;
      batch.push([key, entry]);
    }
    this.#pendingKeys = 0;
    if (batch.length === 0) return;
    let answers: CounterHit[];
    try {
      answers = await this.#store.hitMany(batch.map(([key, e]) => ({ key, windowMs: e.windowMs, n: e.inFlight })));
    } catch (error) {
      // Keep the hits for the next try; meanwhile this instance's own counts still apply.
      for (const [, entry] of batch) {
        if (entry.pending === 0) this.#pendingKeys++;
        entry.pending += entry.inFlight;
        entry.inFlight = 0;
      }
      throw error;
    }
    batch.forEach(([, entry], i) => {
      const answer = answers[i];
      if (!answer) return;
      entry.shared = answer.count;
      entry.resetAt = answer.resetAt;
      entry.inFlight = 0;
    });
    this.#forgetPassedWindows(Date.now());
  }

  #forgetPassedWindows(now: number) {
    for (const [key, entry] of this.#entries) {
      if (entry.resetAt <= now && entry.pending === 0 && entry.inFlight === 0) this.#entries.delete(key);
    }
  }
}
