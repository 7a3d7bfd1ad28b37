// Registration risk flags (issue 30): a new account is flagged (accounts.registration_flagged; spec
// 000 §4 rule 12: it verifies its address before a game that does not take flagged accounts signs it
// in) by signals the service can see: an address at a throwaway mail domain, many registrations from
// one client address or one visitor in RISK_WINDOW_MINUTES, and, with RISK_CAPTCHA=flag, a captcha
// that was missing, failed or could not be checked. The rules are registration-risk.ts; this service
// reads their facts, keeps where each registration came from (keyed hashes, for the window) and
// tells operators which signals flagged an account (the audit event `registration_flagged`, the
// metric portal_registrations_flagged_total).
import { createHmac } from 'node:crypto';
import type { RequestError } from '../../http/request-error.ts';
import { clientKey } from '../../rate-limit/http-rate-limit.ts';
import type { AuditOrigin, AuditService } from '../audit/service.ts';
import { captchaDecision, isFlagged, isThrowaway, registrationSignals, windowStart } from './registration-risk.ts';
import type { RiskOptions, RiskSignal } from './registration-risk.ts';
import type { RegistrationSource, RiskRepo } from './repo.ts';

export type { RiskOptions, RiskSignal } from './registration-risk.ts';

export interface RiskDeps {
  repo: RiskRepo;
  audit: AuditService;
  /** The throwaway mail domains (throwaway-domains.ts), loaded once. */
  throwawayDomains: ReadonlySet<string>;
  /** The service's clock: the times a registration is recorded and counted at. */
  now?: () => Date;
  /** Each flagged registration, with the signals that flagged it (the metrics count them). */
  onFlagged?: (signals: readonly RiskSignal[]) => void;
}

export interface RiskServiceOptions extends RiskOptions {
  /** The key of the hashes of client addresses and visitor ids (derived from MFA_SECRET_KEY). */
  hashKey: string;
}

/** What a registration is about to be: its signals, and whether the account is flagged. */
export interface RegistrationScreening {
  signals: RiskSignal[];
  flagged: boolean;
}

/** The registration as the rules see it. */
export interface RegistrationCandidate {
  email: string | null;
  /** The address was proven in the registration itself (its emailed code). */
  emailProven: boolean;
  /** The client's address (request.ip: behind TRUST_PROXY, the client's own). */
  ip: string | null;
  visitorId: string | null;
  /** A refused captcha that admitCaptcha let through. */
  captchaRefused: boolean;
}

export class RiskService {
  readonly #repo: RiskRepo;
  readonly #audit: AuditService;
  readonly #throwaway: ReadonlySet<string>;
  readonly #now: () => Date;
  readonly #onFlagged: ((signals: readonly RiskSignal[]) => void) | undefined;
  readonly #options: RiskServiceOptions;

  constructor(deps: RiskDeps, options: RiskServiceOptions) {
    this.#repo = deps.repo;
    this.#audit = deps.audit;
    this.#throwaway = deps.throwawayDomains;
    this.#now = deps.now ?? (() => new Date());
    this.#onFlagged = deps.onFlagged;
    this.#options = options;
  }

  /**
   * The captcha of a registration, before anything else of it: a refusal (1200-1204) is thrown as it
   * was, unless RISK_CAPTCHA=flag lets the registration through flagged (it then has an address to
   * prove). Answers whether the captcha was refused and let through.
   */
  admitCaptcha(refusal: RequestError | null, hasEmail: boolean): boolean {
    const decision = captchaDecision(this.#options.captcha, refusal !== null, hasEmail);
    if (decision === 'refuse' && refusal) throw refusal;
    return decision === 'flag';
  }

  /**
   * The signals of a registration about to be written (every check passed), and whether its account
   * is flagged. Where it came from is kept for the window from here on (nothing when both window
   * rules are off): the account's insert comes next.
   */
  async screen(candidate: RegistrationCandidate): Promise<RegistrationScreening> {
    const { perAddress, perVisitor, windowMinutes } = this.#options;
    const at = this.#now();
    const source: RegistrationSource = {
      addressHash: perAddress > 0 && candidate.ip ? this.#hash('address', clientKey(candidate.ip)) : null,
      visitorHash: perVisitor > 0 && candidate.visitorId ? this.#hash('visitor', candidate.visitorId) : null,
    };
    const counts =
      source.addressHash === null && source.visitorHash === null
        ? { address: 0, visitor: 0 }
        : await this.#repo.countSince(source, windowStart(at, windowMinutes), at, {
            address: perAddress,
            visitor: perVisitor,
          });
    const signals = registrationSignals(
      {
        throwaway: candidate.email !== null && isThrowaway(candidate.email, this.#throwaway),
        fromAddress: counts.address,
        fromVisitor: counts.visitor,
        captchaRefused: candidate.captchaRefused,
      },
      this.#options,
    );
    const flagged = isFlagged(signals, { hasEmail: candidate.email !== null, emailProven: candidate.emailProven });
    if (source.addressHash !== null || source.visitorHash !== null) await this.#repo.record(source, at);
    return { signals, flagged };
  }

  /** The account was written: a flagged one's signals go to the audit trail and the metrics. */
  async registered(accountId: string, screening: RegistrationScreening, origin: AuditOrigin): Promise<void> {
    if (!screening.flagged) return;
    this.#onFlagged?.(screening.signals);
    await this.#audit.record(accountId, 'registration_flagged', origin, screening.signals.join(','));
  }

  /** A keyed hash (HMAC-SHA256, base64url): the same key gives the same hash on every instance. */
  #hash(kind: 'address' | 'visitor', value: string): string {
    return createHmac('sha256', this.#options.hashKey).update(`${kind}:${value}`, 'utf8').digest('base64url');
  }
}
