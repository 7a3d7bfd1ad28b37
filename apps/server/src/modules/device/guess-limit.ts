// Limits on guessing user codes (RFC 8628 §5.1). Every lookup of a user code that matches nothing
// counts against the client address (GUESSES_PER_CLIENT per 15 minutes) and against everyone
// (DEVICE_GUESSES_PER_MINUTE, config). Once a limit is reached, lookups answer too_many_requests
// before the code is even looked at, so a right guess cannot be told from a wrong one.
// With 20^9 codes and N live ones, a single address finds one with probability 20·N/20^9 per window:
// 4·10^-8 with a thousand live codes; everyone together at most 60·limit·N/20^9 per hour.
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import { RequestError } from '../../http/request-error.ts';

export const GUESSES_PER_CLIENT = 20;
export const CLIENT_WINDOW_MS = 15 * 60_000;
export const GLOBAL_WINDOW_MS = 60_000;

export class GuessLimit {
  readonly #counters: CounterStore;
  readonly #globalPerMinute: number;

  constructor(counters: CounterStore, options: { globalPerMinute: number }) {
    this.#counters = counters;
    this.#globalPerMinute = options.globalPerMinute;
  }

  #keys(client: string, n: number) {
    return [
      { key: `device-guess:client:${client}`, windowMs: CLIENT_WINDOW_MS, n },
      { key: 'device-guess:global', windowMs: GLOBAL_WINDOW_MS, n },
    ];
  }

  /** Refuses a lookup while the client address or everyone together has guessed too often. */
  async check(client: string): Promise<void> {
    const [mine, everyone] = await this.#counters.hitMany(this.#keys(client, 0));
    const over = [
      mine && mine.count >= GUESSES_PER_CLIENT ? mine : null,
      everyone && everyone.count >= this.#globalPerMinute ? everyone : null,
    ].filter((hit) => hit !== null);
    if (over.length === 0) return;
    const resetAt = Math.max(...over.map((hit) => hit.resetAt));
    const seconds = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
    throw new RequestError('too_many_requests', { body: { seconds }, headers: { 'retry-after': String(seconds) } });
  }

  /** Counts a lookup that matched no code. */
  async miss(client: string): Promise<void> {
    await this.#counters.hitMany(this.#keys(client, 1));
  }
}
