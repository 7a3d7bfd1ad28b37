// The mail queue's SQL (migration 0024, ADR 025). A row is taken by one worker at a time: the claim
// pushes its next attempt past the send timeout (a lease), so a worker that dies mid-send leaves the
// row due again once the lease ends, and FOR UPDATE SKIP LOCKED keeps two workers off the same row.
import type { Database, Orm } from '../db/database.ts';
import { mailQueue } from '../db/schema.ts';

export interface ClaimedMail {
  id: number;
  template: string;
  payload: string | null;
  attempts: number;
}

export interface MailQueueCounts {
  /** Due now or waiting for a retry. */
  pending: number;
  /** Of those, the ones that failed at least once. */
  retrying: number;
  /** Given up after MAIL_MAX_ATTEMPTS (or refused for good); kept until the sweep. */
  failed: number;
  /** Sent, kept (without their contents) until the sweep. */
  sent: number;
  /** Seconds the oldest pending mail has waited. */
  oldestPendingSeconds: number;
}

export interface FailedMail {
  id: number;
  template: string;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date | null;
  nextAttemptAt: Date;
}

export class MailQueueRepo {
  readonly #db: Database;
  constructor(db: Database) {
    this.#db = db;
  }

  async enqueue(template: string, payload: string, orm: Orm = this.#db.orm): Promise<number> {
    const [row] = await orm.insert(mailQueue).values({ template, payload }).returning({ id: mailQueue.id });
    return Number(row?.id);
  }

  /** Takes up to `limit` due rows for `leaseMs` (their attempt counted now). */
  async claim(limit: number, leaseMs: number): Promise<ClaimedMail[]> {
    const rows = await this.#db.query<{
      id: string | number;
      template: string;
      payload: string | null;
      attempts: number;
    }>(
      `UPDATE mail_queue SET attempts = attempts + 1,
              next_attempt_at = clock_timestamp() + $2 * interval '1 millisecond'
        WHERE id IN (SELECT id FROM mail_queue
                      WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= clock_timestamp()
                      ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, template, payload, attempts`,
      [limit, leaseMs],
    );
    // In the order they were queued (UPDATE ... RETURNING promises no order).
    return rows.map((row) => ({ ...row, id: Number(row.id) })).sort((a, b) => a.id - b.id);
  }

  /** Sent: its contents (and the code or link in them) are no longer kept. */
  async markSent(id: number): Promise<void> {
    await this.#db.query(
      'UPDATE mail_queue SET sent_at = clock_timestamp(), payload = NULL, last_error = NULL WHERE id = $1',
      [id],
    );
  }

  async retryLater(id: number, delayMs: number, error: string): Promise<void> {
    await this.#db.query(
      `UPDATE mail_queue SET next_attempt_at = clock_timestamp() + $2 * interval '1 millisecond', last_error = $3
        WHERE id = $1`,
      [id, delayMs, error],
    );
  }

  async giveUp(id: number, error: string): Promise<void> {
    await this.#db.query('UPDATE mail_queue SET failed_at = clock_timestamp(), last_error = $2 WHERE id = $1', [
      id,
      error,
    ]);
  }

  async counts(): Promise<MailQueueCounts> {
    const [row] = await this.#db.query<Record<keyof MailQueueCounts, string | number | null>>(
      `SELECT count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL) AS pending,
              count(*) FILTER (WHERE sent_at IS NULL AND failed_at IS NULL AND last_error IS NOT NULL) AS retrying,
              count(*) FILTER (WHERE failed_at IS NOT NULL) AS failed,
              count(*) FILTER (WHERE sent_at IS NOT NULL) AS sent,
              coalesce(extract(epoch FROM clock_timestamp() - min(created_at)
                FILTER (WHERE sent_at IS NULL AND failed_at IS NULL)), 0) AS "oldestPendingSeconds"
         FROM mail_queue`,
    );
    return {
      pending: Number(row?.pending ?? 0),
      retrying: Number(row?.retrying ?? 0),
      failed: Number(row?.failed ?? 0),
      sent: Number(row?.sent ?? 0),
      oldestPendingSeconds: Math.round(Number(row?.oldestPendingSeconds ?? 0)),
    };
  }

  /** The latest failures: given up, or waiting for a retry after an error. */
  async failures(limit: number): Promise<FailedMail[]> {
    const rows = await this.#db.query<{
      id: string | number;
      template: string;
      attempts: number;
      last_error: string | null;
      created_at: Date;
      failed_at: Date | null;
      next_attempt_at: Date;
    }>(
      `SELECT id, template, attempts, last_error, created_at, failed_at, next_attempt_at FROM mail_queue
        WHERE sent_at IS NULL AND last_error IS NOT NULL ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      template: row.template,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at),
      failedAt: row.failed_at ? new Date(row.failed_at) : null,
      nextAttemptAt: new Date(row.next_attempt_at),
    }));
  }

  /** Puts given-up mail back in the queue (all of it, or one row); answers how many. */
  async requeueFailed(id?: number): Promise<number> {
    const rows = await this.#db.query<{ id: number }>(
      `UPDATE mail_queue SET failed_at = NULL, attempts = 0, next_attempt_at = clock_timestamp()
        WHERE failed_at IS NOT NULL AND payload IS NOT NULL AND ($1::bigint IS NULL OR id = $1) RETURNING id`,
      [id ?? null],
    );
    return rows.length;
  }
}
