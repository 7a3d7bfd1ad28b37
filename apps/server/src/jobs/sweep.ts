// The sweep (ADR 026): every SWEEP_INTERVAL_MS one instance at a time (an advisory lock; the others
// skip that round) deletes what is over, table by table in batches of SWEEP_BATCH rows
// (sweep-statements.ts), and stub accounts nobody touched for STUB_IDLE_DAYS (the accounts module's
// rule). Between batches it yields, so requests keep their pace.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.ts';
import { SWEEP_STATEMENTS } from './sweep-statements.ts';
import type { SweepRetention } from './sweep-statements.ts';

export const SWEEP_LOCK_ID = 720_002;

export interface SweepOptions extends SweepRetention {
  intervalMs: number;
  batch: number;
  stubIdleDays: number;
  /** Batches per table and round at most, so one round stays short; the rest waits for the next. */
  maxBatches?: number;
}

export interface SweepDeps {
  db: Database;
  /** The accounts module's rule (AccountsService.removeIdleStubs). */
  removeIdleStubs: (idleDays: number, limit: number) => Promise<number>;
}

/** Rows deleted per table in one round; `skipped` when another instance held the lock. */
export type SweepReport = Record<string, number> | 'skipped';

export class Sweep {
  readonly #deps: SweepDeps;
  readonly #options: Required<SweepOptions>;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #onSwept: ((report: Record<string, number>) => void) | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<SweepReport> | undefined;

  constructor(
    deps: SweepDeps,
    options: SweepOptions,
    log?: FastifyBaseLogger,
    onSwept?: (report: Record<string, number>) => void,
  ) {
    this.#deps = deps;
    this.#options = { maxBatches: 200, ...options };
    this.#log = log;
    this.#onSwept = onSwept;
  }

  /** Sweeps every SWEEP_INTERVAL_MS (0: never; `npm run admin -- sweep run` still can). */
  start(): void {
    if (this.#options.intervalMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => void this.run().catch(() => undefined), this.#options.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  /** One round now (unless one is under way here, or another instance holds the lock). */
  run(): Promise<SweepReport> {
    this.#running ??= this.#deps.db
      .tryWithLock(SWEEP_LOCK_ID, () => this.#round())
      .catch((error: unknown) => {
        this.#log?.error({ err: error }, 'sweep failed; the next round tries again');
        throw error;
      })
      .finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #round(): Promise<Record<string, number>> {
    const report: Record<string, number> = {};
    const { batch, maxBatches } = this.#options;
    for (const statement of SWEEP_STATEMENTS) {
      const params = statement.retention ? [batch, statement.retention(this.#options)] : [batch];
      report[statement.name] = await this.#batches(maxBatches, batch, async () => {
        const deleted = await this.#deps.db.query<{ n: number }>(
          `WITH d AS (${statement.sql} RETURNING 1) SELECT count(*)::int AS n FROM d`,
          params,
        );
        return deleted[0]?.n ?? 0;
      });
    }
    report.stub_accounts = await this.#batches(maxBatches, batch, () =>
      this.#deps.removeIdleStubs(this.#options.stubIdleDays, batch),
    );
    const total = Object.values(report).reduce((sum, n) => sum + n, 0);
    if (total > 0) this.#log?.info({ swept: report }, 'sweep deleted what was over');
    this.#onSwept?.(report);
    return report;
  }

  /** Runs `once` until it deletes less than a batch (or `max` times); answers the rows deleted. */
  async #batches(max: number, batch: number, once: () => Promise<number>): Promise<number> {
    let total = 0;
    for (let i = 0; i < max; i++) {
      const deleted = await once();
      total += deleted;
      if (deleted < batch) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return total;
  }
}
