// What changed in the database, for a cache kept in this process (ADR 017): the notifications of one
// channel, a reset whenever something may have been missed, and a barrier (sync) after which every
// change committed before it was called has been handed over.
//
// The barrier: PostgreSQL delivers notifications to a listener in the order their transactions
// committed. sync() sends a notification of its own (on a channel only this feed listens to) and
// waits for it to come back: every change committed before sync() was called comes first. A barrier
// in flight answers every caller that came before it was sent; callers that come later share the
// next one, so under load one round trip serves many requests. On PGlite the listener hears a change
// before the writing statement's promise resolves, so sync() has nothing to wait for.
import { randomBytes } from 'node:crypto';
import type { Database, Listener } from './database.ts';

export interface ChangeFeedHandlers {
  /** A change (the notification's payload). */
  onChange(payload: string): void;
  /** Listening started, stopped or resumed: changes may have been missed, trust nothing kept. */
  onReset(): void;
}

/** How long a barrier may take before the connection is thought lost (and listened again). */
export const BARRIER_TIMEOUT_MS = 2_000;

export class ChangeFeed {
  readonly #listener: Listener;
  readonly #barrierChannel: string;
  readonly #timeoutMs: number;
  /** Barriers sent and not yet back, by sequence number. */
  readonly #pending = new Map<number, { resolve: (heard: boolean) => void; timer: NodeJS.Timeout }>();
  #sent = 0;
  #current: Promise<boolean> | null = null;
  #next: Promise<boolean> | null = null;

  constructor(
    db: Pick<Database, 'listen'>,
    channel: string,
    handlers: ChangeFeedHandlers,
    options: { barrierTimeoutMs?: number } = {},
  ) {
    this.#timeoutMs = options.barrierTimeoutMs ?? BARRIER_TIMEOUT_MS;
    this.#barrierChannel = `${channel}_sync_${randomBytes(8).toString('hex')}`;
    this.#listener = db.listen([channel, this.#barrierChannel], {
      onNotification: (from, payload) => {
        if (from === this.#barrierChannel) this.#heard(Number(payload));
        else handlers.onChange(payload);
      },
      onListening: (listening) => {
        if (!listening) this.#failPending();
        handlers.onReset();
      },
    });
  }

  /** Resolves once the first attempt to listen has ended, listening or not. */
  get started(): Promise<void> {
    return this.#listener.started;
  }

  get listening(): boolean {
    return this.#listener.listening;
  }

  /**
   * Resolves true once every change committed before this call has been handed to onChange; false
   * when that cannot be known (not listening, the barrier failed or took too long).
   */
  sync(): Promise<boolean> {
    if (!this.#listener.listening) return Promise.resolve(false);
    if (this.#listener.inProcess) return Promise.resolve(true);
    if (this.#current === null) return (this.#current = this.#barrier());
    // A barrier is in flight, sent before this call: it proves nothing about what committed since.
    return (this.#next ??= this.#current.then(() => {
      this.#next = null;
      return (this.#current = this.#barrier());
    }));
  }

  async close(): Promise<void> {
    await this.#listener.close();
    this.#failPending();
  }

  #barrier(): Promise<boolean> {
    const sequence = ++this.#sent;
    const round: Promise<boolean> = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.#pending.delete(sequence);
        resolve(false);
        // Nothing came back in time: the connection may be gone without having said so.
        this.#listener.reconnect();
      }, this.#timeoutMs);
      this.#pending.set(sequence, { resolve, timer });
      this.#listener.notify(this.#barrierChannel, String(sequence)).catch(() => this.#settle(sequence, false));
    }).then((heard) => {
      if (this.#current === round) this.#current = null;
      return heard;
    });
    return round;
  }

  /** A barrier came back: it and every earlier one are passed. */
  #heard(sequence: number): void {
    for (const waiting of [...this.#pending.keys()]) if (waiting <= sequence) this.#settle(waiting, true);
  }

  #settle(sequence: number, heard: boolean): void {
    const waiting = this.#pending.get(sequence);
    if (!waiting) return;
    this.#pending.delete(sequence);
    clearTimeout(waiting.timer);
    waiting.resolve(heard);
  }

  #failPending(): void {
    for (const sequence of [...this.#pending.keys()]) this.#settle(sequence, false);
  }
}
