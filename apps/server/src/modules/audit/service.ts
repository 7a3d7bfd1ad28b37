// The audit trail (issue 19, ADR 027): the security events of each account, recorded where they
// happen with where the request came from, read back by the player (recent activity) and by
// operators (`npm run admin -- audit`). Recording never fails the change it records: a lost event is
// logged; the sweep deletes events after AUDIT_RETENTION_DAYS.
import { SECURITY_EVENT_TYPES } from '@portal/contract/calls/accounts-activity';
import type { SecurityEvent, SecurityEventType } from '@portal/contract/calls/accounts-activity';
import type { RequestOrigin } from '../../http/origin.ts';
import type { AuditRepo, AuditRow } from './repo.ts';
import { describeUserAgent } from './user-agent.ts';

export type { SecurityEventType } from '@portal/contract/calls/accounts-activity';
// The browser and system of a User-Agent, as operators read the audit trail (`npm run admin -- audit`).
export { describeUserAgent } from './user-agent.ts';

/** Where a request came from: its address, its User-Agent, and the game (OAuth client) if one. */
export type AuditOrigin = RequestOrigin;

/**
 * Events only operators read (`npm run admin -- audit`), never the player's recent activity: the
 * registration flag an operator set or cleared (issue 30).
 */
export const OPERATOR_ONLY_EVENT_TYPES = ['registration_flagged', 'registration_unflagged'] as const;
export type OperatorOnlyEventType = (typeof OPERATOR_ONLY_EVENT_TYPES)[number];

/** An operator's action: who, the reason they typed, the reason code or other method, the game. */
export interface OperatorAction {
  operator: string;
  why: string | null;
  method: string | null;
  game: string | null;
}

export interface AuditOptions {
  /** Each recorded event (the metrics count sign-ins, lockouts and bans from here). */
  onRecorded?: (type: SecurityEventType | OperatorOnlyEventType, method: string | null) => void;
  onError?: (error: unknown) => void;
}

export class AuditService {
  readonly #repo: AuditRepo;
  readonly #options: AuditOptions;

  constructor(repo: AuditRepo, options: AuditOptions = {}) {
    this.#repo = repo;
    this.#options = options;
  }

  /**
   * An event of the account, recorded from a request (its address, User-Agent and game) or from an
   * operator's action (issue 30: no request; the operator's name and reason, for operators only).
   */
  async record(
    accountId: string,
    type: SecurityEventType | OperatorOnlyEventType,
    from: AuditOrigin | OperatorAction,
    method: string | null = null,
  ): Promise<void> {
    const action = 'operator' in from ? from : null;
    const origin = action ? null : (from as AuditOrigin);
    const recordedMethod = action ? action.method : method;
    this.#options.onRecorded?.(type, recordedMethod);
    await this.#repo
      .insert({
        accountId,
        type,
        method: recordedMethod,
        ip: origin?.ip ?? null,
        userAgent: origin?.userAgent?.slice(0, 512) ?? null,
        clientId: origin?.clientId ?? null,
        ...(action ? { operator: action.operator, detail: action.why, gameSlug: action.game } : {}),
      })
      .catch((error: unknown) => this.#options.onError?.(error));
  }

  /**
   * The account's events for the player, newest first: the operator-only ones left out (by the
   * query, so that `limit` player events come back however many operator events there are).
   */
  async recent(accountId: string, limit: number): Promise<SecurityEvent[]> {
    return (await this.#repo.list(accountId, limit, SECURITY_EVENT_TYPES)).map(toSecurityEvent);
  }

  /** The account's events for an operator: everything recorded, newest first. */
  forOperator(accountId: string, limit: number): Promise<AuditRow[]> {
    return this.#repo.list(accountId, limit);
  }
}

function browserAndSystem(userAgent: string | null): { browser: string | null; os: string | null } {
  const { browser, os } = describeUserAgent(userAgent);
  return { browser, os };
}

function toSecurityEvent(row: AuditRow): SecurityEvent {
  return {
    type: row.type as SecurityEventType,
    method: row.method,
    created_at: row.createdAt,
    ip: row.ip,
    ...browserAndSystem(row.userAgent),
    client_name: row.clientName,
  };
}
