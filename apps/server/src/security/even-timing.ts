// Answers about an address that take as long whether or not the address has an account (issue 19).
// A known address costs work an unknown one does not (a code and its mail written in a transaction,
// a failed sign-in counted and audited); without care, the time of the answer tells whether an account
// exists. Each instance keeps the recent durations of the work for known addresses, per kind of
// request, and holds the answer for an unknown address until it has taken as long as their median.
// Until a kind has durations of its own, the median of all kinds is used; before any, nothing.

const WINDOW = 32;

export class EvenTiming {
  readonly #samples = new Map<string, number[]>();

  /** The work for a known address of this kind took `ms`. */
  known(kind: string, ms: number): void {
    let samples = this.#samples.get(kind);
    if (!samples) this.#samples.set(kind, (samples = []));
    samples.push(ms);
    if (samples.length > WINDOW) samples.shift();
  }

  /** How long an answer of this kind takes for a known address (the recent median), or 0. */
  expectedMs(kind: string): number {
    const own = this.#samples.get(kind);
    const samples = own && own.length > 0 ? own : [...this.#samples.values()].flat();
    if (samples.length === 0) return 0;
    const sorted = [...samples].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  }

  /** Holds an unknown address's answer, which took `elapsedMs` so far, to a known one's duration. */
  async pad(kind: string, elapsedMs: number): Promise<void> {
    const wait = this.expectedMs(kind) - elapsedMs;
    if (wait >= 1) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
