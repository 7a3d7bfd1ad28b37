// The audit trail (issue 19, ADR 027): the security events of each account, recorded where they
// happen with where the request came from, read back by the player (recent activity) and by
// operators (`npm run admin -- audit`). Recording never fails the change it records: a lost event is
// logged; the sweep deletes events after AUDIT_RETENTION_DAYS.
import type { SecurityEvent, SecurityEventType } from '@portal/contract/calls/accounts-activity';
import type { RequestOrigin } from '../../http/origin.ts';
import type { AuditRepo, AuditRow } from './repo.ts';
import { describeUserAgent } from './user-agent.ts';

export type { SecurityEventType } from '@portal/contract/calls/accounts-activity';
// The browser and system of a User-Agent, as operators read the audit trail (`npm run admin -- audit`).
export { describeUserAgent } from './user-agent.ts';

/** Where a request came from: its address, its User-Agent, and the game (OAuth client) if one. */
export type AuditOrigin = RequestOrigin;

export interface AuditOptions {
  /** Each recorded event (the metrics count sign-ins and lockouts from here). */
  onRecorded?: (type: SecurityEventType, method: string | null) => void;
  onError?: (error: unknown) => void;
}

export class AuditService {
  readonly #repo: AuditRepo;
  readonly #options: AuditOptions;

  constructor(repo: AuditRepo, options: AuditOptions = {}) {
    this.#repo = repo;
    this.#options = options;
  }

  async record(
    accountId: string,
    type: SecurityEventType,
    origin: AuditOrigin,
    method: string | null = null,
  ): Promise<void> {
    this.#options.onRecorded?.(type, method);
    await this.#repo
      .insert({
        accountId,
        type,
        method,
        ip: origin.ip,
        userAgent: origin.userAgent?.slice(0, 512) ?? null,
        clientId: origin.clientId ?? null,
      })
      .catch((error: unknown) => this.#options.onError?.(error));
  }

  /** The account's events for the player, newest first. */
  async recent(accountId: string, limit: number): Promise<SecurityEvent[]> {
    return (await this.#repo.list(accountId, limit)).map(toSecurityEvent);
  }

  /** The account's events for an operator: everything recorded, newest first. */
  forOperator(accountId: string, limit: number): Promise<AuditRow[]> {
    return this.#repo.list(accountId, limit);
  }
}

function toSecurityEvent(row: AuditRow): SecurityEvent {
  return {
    type: row.type as SecurityEventType,
    method: row.method,
    created_at: row.createdAt,
    ip: row.ip,
    ...describeUserAgent(row.userAgent),
    client_name: row.clientName,
  };
}
