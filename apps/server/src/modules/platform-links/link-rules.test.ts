import { describe, expect, it } from 'vitest';
import { RequestError } from '../../http/request-error.ts';
import { decideConfirm, decideLink, decideUnlink, lockAfterRelink } from './link-rules.ts';
import type { CurrentLink, LinkingAccount, PlatformRules } from './link-rules.ts';

const now = new Date('2026-11-24T12:00:00Z');
const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(now.getTime() + days * DAY_MS);

const account = (over: Partial<LinkingAccount> = {}): LinkingAccount => ({
  id: 'acc-1',
  email: 'player@example.com',
  emailVerified: true,
  passwordSet: true,
  otherLinks: 0,
  stub: false,
  ...over,
});
const link = (over: Partial<CurrentLink> = {}): CurrentLink => ({
  subject: 'steam-1',
  pendingSubject: null,
  lockedUntil: null,
  ...over,
});
const rules = (over: Partial<PlatformRules> = {}): PlatformRules => ({
  restricted: false,
  relinkCooldownDays: 30,
  ...over,
});

type LinkInput = Parameters<typeof decideLink>[0];
const linkInput = (over: Partial<LinkInput> = {}): LinkInput => ({
  account: account(),
  current: link(),
  subject: 'steam-1',
  holder: null,
  rules: rules(),
  needsConfirmation: false,
  refresh: false,
  disconnectedBefore: false,
  now,
  ...over,
});
type ConfirmInput = Parameters<typeof decideConfirm>[0];
const confirmInput = (over: Partial<ConfirmInput> = {}): ConfirmInput => ({
  current: link({ pendingSubject: 'steam-2' }),
  authId: 'steam-2',
  rules: rules(),
  now,
  ...over,
});
type UnlinkInput = Parameters<typeof decideUnlink>[0];
const unlinkInput = (over: Partial<UnlinkInput> = {}): UnlinkInput => ({
  account: account(),
  current: link(),
  rules: rules(),
  now,
  ...over,
});

/** The refusal a call throws: its catalogue name and body (fails the test when nothing is thrown). */
const refusal = (fn: () => unknown): { name: string; body: Record<string, unknown> | null } => {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    return { name: error.errorName, body: error.body };
  }
  throw new Error('expected a refusal, got a decision');
};
const lockedBody = (until: Date) => ({ date: until.toISOString().slice(0, 10), locked_until: until.toISOString() });

describe('linking a platform identity (decideLink)', () => {
  it('asks to verify the email before linking', () => {
    expect(refusal(() => decideLink(linkInput({ account: account({ emailVerified: false }) })))).toEqual({
      name: 'email_verification_required',
      body: null,
    });
  });

  it("lets a stub (the stub flow's browser session, rule 6) add a link, and link the same identity again", () => {
    const stub = account({ email: null, emailVerified: false, passwordSet: false, stub: true });
    expect(decideLink(linkInput({ account: stub, current: null }))).toEqual({ action: 'create', lockedUntil: null });
    expect(decideLink(linkInput({ account: stub, holder: 'acc-1' }))).toEqual({ action: 'renew' });
  });

  it('never lets a stub replace a linked identity, even asking for a confirmation', () => {
    const stub = account({ email: null, emailVerified: false, passwordSet: false, stub: true });
    const input = linkInput({ account: stub, subject: 'steam-2', needsConfirmation: true });
    expect(refusal(() => decideLink(input)).name).toBe('platform_link_already_exists');
  });

  it('lets an account with no email at all link', () => {
    const input = linkInput({ account: account({ email: null, emailVerified: false }), current: null });
    expect(decideLink(input)).toEqual({ action: 'create', lockedUntil: null });
  });

  it('asks to verify the email even when the identity is linked to another account', () => {
    const input = linkInput({ account: account({ emailVerified: false }), holder: 'acc-2' });
    expect(refusal(() => decideLink(input)).name).toBe('email_verification_required');
  });

  it('refuses an identity linked to another account', () => {
    expect(refusal(() => decideLink(linkInput({ holder: 'acc-2', current: null })))).toEqual({
      name: 'platform_link_already_claimed',
      body: null,
    });
  });

  it('refuses an identity linked to another account even on a refresh', () => {
    const input = linkInput({ holder: 'acc-2', current: null, refresh: true });
    expect(refusal(() => decideLink(input)).name).toBe('platform_link_already_claimed');
  });

  it('keeps the link when the player links the same identity again', () => {
    expect(decideLink(linkInput({ holder: 'acc-1' }))).toEqual({ action: 'renew' });
  });

  it('keeps the same identity even while the link is locked on a restricted platform', () => {
    const input = linkInput({
      holder: 'acc-1',
      refresh: true,
      rules: rules({ restricted: true }),
      current: link({ lockedUntil: inDays(5) }),
    });
    expect(decideLink(input)).toEqual({ action: 'renew' });
  });

  it('links a first identity without a lock when the platform was never disconnected', () => {
    expect(decideLink(linkInput({ current: null }))).toEqual({ action: 'create', lockedUntil: null });
  });

  it('locks a new link for the cooldown when the platform was disconnected before', () => {
    const input = linkInput({ current: null, disconnectedBefore: true });
    expect(decideLink(input)).toEqual({ action: 'create', lockedUntil: new Date('2026-12-24T12:00:00Z') });
  });

  it('does not lock a relink when the operator set no cooldown', () => {
    const input = linkInput({ current: null, disconnectedBefore: true, rules: rules({ relinkCooldownDays: 0 }) });
    expect(decideLink(input)).toEqual({ action: 'create', lockedUntil: null });
  });

  it('refuses to refresh a link the account does not have', () => {
    expect(refusal(() => decideLink(linkInput({ current: null, refresh: true })))).toEqual({
      name: 'link_invalid',
      body: null,
    });
  });

  it('refuses to refresh the link with another identity', () => {
    const input = linkInput({ subject: 'steam-2', refresh: true, needsConfirmation: true });
    expect(refusal(() => decideLink(input)).name).toBe('link_invalid');
  });

  it('refuses another identity on a restricted platform', () => {
    const input = linkInput({ subject: 'steam-2', rules: rules({ restricted: true }), needsConfirmation: true });
    expect(refusal(() => decideLink(input))).toEqual({ name: 'unlink_restricted', body: null });
  });

  it('refuses another identity on a restricted platform before telling about the lock', () => {
    const input = linkInput({
      subject: 'steam-2',
      rules: rules({ restricted: true }),
      current: link({ lockedUntil: inDays(3) }),
      needsConfirmation: true,
    });
    expect(refusal(() => decideLink(input)).name).toBe('unlink_restricted');
  });

  it('refuses another identity while the link is locked, telling until when', () => {
    const until = new Date('2026-12-01T08:30:00Z');
    const input = linkInput({ subject: 'steam-2', current: link({ lockedUntil: until }), needsConfirmation: true });
    expect(refusal(() => decideLink(input))).toEqual({
      name: 'platform_link_locked',
      body: { date: '2026-12-01', locked_until: '2026-12-01T08:30:00.000Z' },
    });
  });

  it('lets another identity through once the lock has passed', () => {
    const input = linkInput({
      subject: 'steam-2',
      current: link({ lockedUntil: new Date('2026-11-24T11:59:59Z') }),
      needsConfirmation: true,
    });
    expect(decideLink(input)).toEqual({ action: 'pend' });
  });

  it('refuses another identity when the platform asks no confirmation', () => {
    expect(refusal(() => decideLink(linkInput({ subject: 'steam-2' })))).toEqual({
      name: 'platform_link_already_exists',
      body: null,
    });
  });

  it('asks the player to confirm another identity', () => {
    expect(decideLink(linkInput({ subject: 'steam-2', needsConfirmation: true }))).toEqual({ action: 'pend' });
  });
});

describe('confirming the replacement of a linked identity (decideConfirm)', () => {
  it('refuses to confirm when the account has no link', () => {
    expect(refusal(() => decideConfirm(confirmInput({ current: null })))).toEqual({ name: 'link_invalid', body: null });
  });

  it('refuses to confirm when nothing is waiting for confirmation', () => {
    expect(refusal(() => decideConfirm(confirmInput({ current: link() }))).name).toBe('link_invalid');
  });

  it('refuses to confirm an identity other than the one waiting', () => {
    expect(refusal(() => decideConfirm(confirmInput({ authId: 'steam-3' }))).name).toBe('link_invalid');
  });

  it('refuses to confirm on a restricted platform', () => {
    const input = confirmInput({ rules: rules({ restricted: true }) });
    expect(refusal(() => decideConfirm(input))).toEqual({ name: 'unlink_restricted', body: null });
  });

  it('refuses to confirm while the link is locked, telling until when', () => {
    const until = inDays(2);
    const input = confirmInput({ current: link({ pendingSubject: 'steam-2', lockedUntil: until }) });
    expect(refusal(() => decideConfirm(input))).toEqual({ name: 'platform_link_locked', body: lockedBody(until) });
  });

  it('replaces the identity and locks the link for the cooldown', () => {
    expect(decideConfirm(confirmInput())).toEqual({ lockedUntil: new Date('2026-12-24T12:00:00Z') });
  });

  it('replaces the identity once an earlier lock has passed', () => {
    const input = confirmInput({ current: link({ pendingSubject: 'steam-2', lockedUntil: inDays(-1) }) });
    expect(decideConfirm(input)).toEqual({ lockedUntil: inDays(30) });
  });

  it('replaces the identity without a lock when the operator set no cooldown', () => {
    expect(decideConfirm(confirmInput({ rules: rules({ relinkCooldownDays: 0 }) }))).toEqual({ lockedUntil: null });
  });
});

describe('disconnecting a platform (decideUnlink)', () => {
  it('does nothing, without an error, when the platform is not linked', () => {
    expect(decideUnlink(unlinkInput({ current: null }))).toBe(false);
  });

  it('refuses to disconnect a restricted platform', () => {
    const input = unlinkInput({ rules: rules({ restricted: true }) });
    expect(refusal(() => decideUnlink(input))).toEqual({ name: 'unlink_restricted', body: null });
  });

  it('refuses to disconnect while the link is locked, telling until when', () => {
    const until = inDays(10);
    const input = unlinkInput({ current: link({ lockedUntil: until }) });
    expect(refusal(() => decideUnlink(input))).toEqual({ name: 'platform_link_locked', body: lockedBody(until) });
  });

  it('refuses to disconnect the last way to sign in', () => {
    const input = unlinkInput({ account: account({ passwordSet: false, email: null, emailVerified: false }) });
    expect(refusal(() => decideUnlink(input))).toEqual({ name: 'unlink_last_sign_in', body: null });
  });

  it('disconnects when the account has a password', () => {
    const input = unlinkInput({ account: account({ passwordSet: true, email: null, emailVerified: false }) });
    expect(decideUnlink(input)).toBe(true);
  });

  it('disconnects when the account has an email', () => {
    expect(decideUnlink(unlinkInput({ account: account({ passwordSet: false }) }))).toBe(true);
  });

  it('disconnects when another platform is linked', () => {
    const input = unlinkInput({
      account: account({ passwordSet: false, email: null, emailVerified: false, otherLinks: 1 }),
    });
    expect(decideUnlink(input)).toBe(true);
  });

  it('disconnects once an earlier lock has passed', () => {
    expect(decideUnlink(unlinkInput({ current: link({ lockedUntil: now }) }))).toBe(true);
  });
});

describe('the lock after a relink (lockAfterRelink)', () => {
  it('does not lock a platform never disconnected', () => {
    expect(lockAfterRelink(rules(), false, now)).toBeNull();
  });

  it('does not lock when the operator set no cooldown', () => {
    expect(lockAfterRelink(rules({ relinkCooldownDays: 0 }), true, now)).toBeNull();
  });

  it('locks a relinked platform for the cooldown days', () => {
    expect(lockAfterRelink(rules({ relinkCooldownDays: 7 }), true, now)).toEqual(new Date('2026-12-01T12:00:00Z'));
  });
});
