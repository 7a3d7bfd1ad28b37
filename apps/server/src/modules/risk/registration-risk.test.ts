// The registration risk rules, one by one: the throwaway domains and their parents, what a refused
// captcha becomes, the window and its edges, which signals fire, and when an account is flagged.
import { describe, expect, it } from 'vitest';
import {
  captchaDecision,
  domainsOf,
  isFlagged,
  isThrowaway,
  registrationSignals,
  windowStart,
} from './registration-risk.ts';
import type { RegistrationFacts, RiskOptions } from './registration-risk.ts';
import { throwawayDomains } from './throwaway-domains.ts';

const DEFAULTS: RiskOptions = {
  disposableEmail: 'flag',
  perAddress: 5,
  perVisitor: 3,
  windowMinutes: 60,
  captcha: 'refuse',
};
const QUIET: RegistrationFacts = { throwaway: false, fromAddress: 0, fromVisitor: 0, captchaRefused: false };

describe('throwaway addresses', () => {
  const list = new Set(['mailinator.com', 'throwaway.dns.army']);

  it('looks up the domain and each parent of two labels or more, never a top-level domain alone', () => {
    expect(domainsOf('Pilot@MX.Mailinator.COM')).toEqual(['mx.mailinator.com', 'mailinator.com']);
    expect(domainsOf('pilot@example.com.')).toEqual(['example.com']);
    expect(domainsOf('pilot@localhost')).toEqual([]);
    expect(domainsOf('not-an-address')).toEqual([]);
    expect(domainsOf('pilot@a..com')).toEqual([]);
  });

  it('flags an address at a listed domain or under one, and nothing else', () => {
    expect(isThrowaway('a@mailinator.com', list)).toBe(true);
    expect(isThrowaway('a@eu.mailinator.com', list)).toBe(true);
    expect(isThrowaway('a@zz.throwaway.dns.army', list)).toBe(true);
    expect(isThrowaway('a@dns.army', list)).toBe(false);
    expect(isThrowaway('a@notmailinator.com', list)).toBe(false);
    expect(isThrowaway('a@mailinator.com.example.org', list)).toBe(false);
  });

  it('reads the maintained list: well-known throwaway services in, everyday and demo domains out', () => {
    const domains = throwawayDomains();
    expect(domains.size).toBeGreaterThan(1000);
    expect(domains).toBe(throwawayDomains()); // read once
    for (const email of ['a@mailinator.com', 'a@yopmail.com', 'a@guerrillamail.com', 'a@10minutemail.com'])
      expect(isThrowaway(email, domains), email).toBe(true);
    for (const email of [
      'a@gmail.com',
      'a@outlook.com',
      'a@proton.me',
      'a@icloud.com',
      'a@gmx.de',
      'a@example.com',
      'flagged-1@demo.example.com',
      // Forwarding services of real mailboxes (mailchecker lists these; this list does not).
      'a@duck.com',
      'a@mozmail.com',
    ])
      expect(isThrowaway(email, domains), email).toBe(false);
  });
});

describe('a refused captcha', () => {
  it('refuses with RISK_CAPTCHA=refuse', () => {
    expect(captchaDecision('refuse', true, true)).toBe('refuse');
  });

  it('flags with RISK_CAPTCHA=flag when there is an address to prove, else refuses', () => {
    expect(captchaDecision('flag', true, true)).toBe('flag');
    expect(captchaDecision('flag', true, false)).toBe('refuse');
  });

  it('changes nothing when the captcha passed', () => {
    expect(captchaDecision('refuse', false, true)).toBe('passed');
    expect(captchaDecision('flag', false, false)).toBe('passed');
  });
});

describe('the window', () => {
  it('starts RISK_WINDOW_MINUTES before the registration', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    expect(windowStart(now, 60)).toEqual(new Date('2026-03-01T11:00:00.000Z'));
    expect(windowStart(now, 1)).toEqual(new Date('2026-03-01T11:59:00.000Z'));
  });

  it('fires the address rule at RISK_REGISTRATIONS_PER_ADDRESS earlier registrations, not one before', () => {
    expect(registrationSignals({ ...QUIET, fromAddress: 4 }, DEFAULTS)).toEqual([]);
    expect(registrationSignals({ ...QUIET, fromAddress: 5 }, DEFAULTS)).toEqual(['address_window']);
    expect(registrationSignals({ ...QUIET, fromAddress: 50 }, DEFAULTS)).toEqual(['address_window']);
  });

  it('fires the visitor rule at RISK_REGISTRATIONS_PER_VISITOR earlier registrations, not one before', () => {
    expect(registrationSignals({ ...QUIET, fromVisitor: 2 }, DEFAULTS)).toEqual([]);
    expect(registrationSignals({ ...QUIET, fromVisitor: 3 }, DEFAULTS)).toEqual(['visitor_window']);
  });

  it('fires no window rule that is set to 0', () => {
    const off = { ...DEFAULTS, perAddress: 0, perVisitor: 0 };
    expect(registrationSignals({ ...QUIET, fromAddress: 1000, fromVisitor: 1000 }, off)).toEqual([]);
  });
});

describe('the signals', () => {
  it('fire for a throwaway address unless RISK_DISPOSABLE_EMAIL=off', () => {
    expect(registrationSignals({ ...QUIET, throwaway: true }, DEFAULTS)).toEqual(['disposable_email']);
    expect(registrationSignals({ ...QUIET, throwaway: true }, { ...DEFAULTS, disposableEmail: 'off' })).toEqual([]);
  });

  it('fire for a refused captcha let through', () => {
    expect(registrationSignals({ ...QUIET, captchaRefused: true }, DEFAULTS)).toEqual(['captcha']);
  });

  it('are listed together, in one order', () => {
    const all = { throwaway: true, fromAddress: 9, fromVisitor: 9, captchaRefused: true };
    expect(registrationSignals(all, DEFAULTS)).toEqual([
      'disposable_email',
      'address_window',
      'visitor_window',
      'captcha',
    ]);
  });

  it('are none for a quiet registration', () => {
    expect(registrationSignals(QUIET, DEFAULTS)).toEqual([]);
  });
});

describe('the flag', () => {
  it('is set when a signal fired and the account has an address still to prove', () => {
    expect(isFlagged(['disposable_email'], { hasEmail: true, emailProven: false })).toBe(true);
    expect(isFlagged([], { hasEmail: true, emailProven: false })).toBe(false);
  });

  it('is not set when the registration proved the address (the code), nor without an address to prove', () => {
    expect(isFlagged(['address_window'], { hasEmail: true, emailProven: true })).toBe(false);
    expect(isFlagged(['address_window'], { hasEmail: false, emailProven: false })).toBe(false);
  });
});
