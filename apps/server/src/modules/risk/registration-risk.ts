// The registration risk rules (issue 30; spec 000 §4 rule 12: a flagged account verifies its address
// before a game that does not take flagged accounts signs it in): which signals a registration shows,
// what a refused captcha becomes, and whether the new account is flagged. Pure: the service reads the
// facts (the throwaway list, the counts of the window) and acts; every rule is tested beside it.

/** The signals, as the audit event's method lists them and the metric labels them. */
export const RISK_SIGNALS = ['disposable_email', 'address_window', 'visitor_window', 'captcha'] as const;
export type RiskSignal = (typeof RISK_SIGNALS)[number];

/** The RISK_* settings (config.ts; README "Configuration"). */
export interface RiskOptions {
  /** RISK_DISPOSABLE_EMAIL: an address at a throwaway mail domain flags the account, or is not looked at. */
  disposableEmail: 'flag' | 'off';
  /** RISK_REGISTRATIONS_PER_ADDRESS: registrations of one client address in the window before one is flagged (0: off). */
  perAddress: number;
  /** RISK_REGISTRATIONS_PER_VISITOR: the same for one visitor id (X-Hydra-Visitor-Id; 0: off). */
  perVisitor: number;
  /** RISK_WINDOW_MINUTES: how far back registrations count. */
  windowMinutes: number;
  /** RISK_CAPTCHA: a refused captcha refuses the registration, or flags the account instead. */
  captcha: 'refuse' | 'flag';
}

/**
 * The domain of an address and each parent domain of two labels or more, most specific first:
 * `a@mx.mailinator.com` → `mx.mailinator.com`, `mailinator.com` (a throwaway service's subdomains are
 * its too). A top-level domain alone is never looked up.
 */
export function domainsOf(email: string): string[] {
  const at = email.lastIndexOf('@');
  const labels = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.+$/, '')
    .split('.');
  if (at < 0 || labels.some((label) => label === '')) return [];
  const domains: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) domains.push(labels.slice(i).join('.'));
  return domains;
}

/** Whether the address is at a domain of the throwaway list, or under one. */
export function isThrowaway(email: string, throwawayDomains: ReadonlySet<string>): boolean {
  return domainsOf(email).some((domain) => throwawayDomains.has(domain));
}

/**
 * What a refused captcha (missing, failed, or not checkable: 1200-1204) does to a registration.
 * RISK_CAPTCHA=flag lets the registration through flagged, so that the player proves the address
 * instead; a registration without an address has nothing to prove and is refused as before.
 */
export function captchaDecision(
  mode: RiskOptions['captcha'],
  refused: boolean,
  hasEmail: boolean,
): 'passed' | 'refuse' | 'flag' {
  if (!refused) return 'passed';
  return mode === 'flag' && hasEmail ? 'flag' : 'refuse';
}

/** The start of the window that counts for a registration at `now`: registrations after it count. */
export function windowStart(now: Date, windowMinutes: number): Date {
  return new Date(now.getTime() - windowMinutes * 60_000);
}

/** What the service knows of a registration when it decides. */
export interface RegistrationFacts {
  /** The address is at a throwaway domain (isThrowaway). */
  throwaway: boolean;
  /** Registrations of the same client address (IPv4, or IPv6 /64) after windowStart, this one not included. */
  fromAddress: number;
  /** The same for the visitor id; 0 without one. */
  fromVisitor: number;
  /** The captcha was refused and RISK_CAPTCHA=flag let the registration through (captchaDecision). */
  captchaRefused: boolean;
}

/** The signals a registration shows, in RISK_SIGNALS' order. */
export function registrationSignals(facts: RegistrationFacts, options: RiskOptions): RiskSignal[] {
  const fired: Record<RiskSignal, boolean> = {
    disposable_email: options.disposableEmail === 'flag' && facts.throwaway,
    address_window: options.perAddress > 0 && facts.fromAddress >= options.perAddress,
    visitor_window: options.perVisitor > 0 && facts.fromVisitor >= options.perVisitor,
    captcha: facts.captchaRefused,
  };
  return RISK_SIGNALS.filter((signal) => fired[signal]);
}

/**
 * Whether the new account is flagged: a signal fired and it has an address still to prove. Proving
 * the address is what lifts the flag (AccountsRepo.markEmailVerified, confirmEmail), so an address
 * proven by the emailed code in the registration itself leaves nothing to flag, and an account
 * without an address could never lift it.
 */
export function isFlagged(
  signals: readonly RiskSignal[],
  account: { hasEmail: boolean; emailProven: boolean },
): boolean {
  return signals.length > 0 && account.hasEmail && !account.emailProven;
}
