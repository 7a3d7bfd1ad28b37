// The policies of the calls are data in the contract: which calls have which, and what defineCall
// refuses to declare.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCall, RATE_LIMIT_TIERS } from './define.ts';
import { allCalls } from './index.ts';

const ids = (pick: (call: (typeof allCalls)[number]) => boolean) =>
  allCalls
    .filter(pick)
    .map((call) => call.id)
    .sort();

describe('call policies', () => {
  it('gives every call all six policies, with a tier from the one table', () => {
    for (const call of allCalls) {
      expect(typeof call.captcha, call.id).toBe('boolean');
      expect(RATE_LIMIT_TIERS, call.id).toContain(call.rateLimit);
      expect(typeof call.allowMfaPending, call.id).toBe('boolean');
      expect(['refused', 'allowed', 'required'], call.id).toContain(call.gameToken);
      expect([true, false, 'credential', 'credential-if-held'], call.id).toContain(call.recentVerification);
      expect(typeof call.allowStub, call.id).toBe('boolean');
    }
  });

  it('puts the calls that check a secret or create an account in the sign-in tier', () => {
    expect(ids((call) => call.rateLimit === 'sign-in')).toEqual([
      'accounts.complete',
      'accounts.delete',
      'accounts.emailPreferencesByToken',
      'accounts.link',
      'accounts.loginInfo',
      'accounts.mfaActivate',
      'accounts.mfaBackupCodes',
      'accounts.mfaRegenerateBackupCodes',
      'accounts.passkeyAdd',
      'accounts.recoveryFinalize',
      'accounts.recoveryValidate',
      'accounts.register',
      'accounts.transferAccount',
      'accounts.transferLink',
      'accounts.transferProfile',
      'accounts.unlock',
      'accounts.updateEmailPreferencesByToken',
      'accounts.updatePassword',
      'accounts.verifyEmail',
      'sessions.authPasskey',
      'sessions.deviceStub',
      'sessions.mfa',
      'sessions.password',
      'sessions.platform',
      'sessions.token',
      'sessions.verify',
    ]);
    expect(ids((call) => call.rateLimit === 'checks')).toEqual([
      'accounts.checkEmail',
      'accounts.checkUsername',
      'accounts.generateUsername',
      'accounts.lookup',
    ]);
  });

  it("counts a device's polls of the token call in the default tier only (RFC 8628's interval limits them)", () => {
    const byGrant = allCalls.filter((call) => call.grantTiers !== undefined);
    expect(byGrant.map((call) => [call.id, call.grantTiers])).toEqual([['sessions.token', { device_code: 'default' }]]);
  });

  it('lets a sign-in pending two-factor use only the two-factor and session calls', () => {
    expect(ids((call) => call.allowMfaPending)).toEqual([
      'sessions.current',
      'sessions.mfa',
      'sessions.signOut',
      'sessions.verify',
      'sessions.verifyPasskeyOptions',
    ]);
  });

  it("takes a game's token on the calls a game makes, and requires it to record progress", () => {
    expect(ids((call) => call.gameToken === 'allowed')).toEqual([
      'accounts.gameProgress',
      'accounts.me',
      'sessions.current',
      'sessions.deviceStart',
      'sessions.signOut',
    ]);
    expect(ids((call) => call.gameToken === 'required')).toEqual(['accounts.recordGameProgress']);
  });

  it("lets a browser's session of a stub use only the stub flow's calls", () => {
    // accounts.link: rule 6, the stub connects its game's user-flow platform before it moves on.
    expect(ids((call) => call.allowStub)).toEqual([
      'accounts.complete',
      'accounts.link',
      'accounts.me',
      'sessions.current',
      'sessions.signOut',
    ]);
  });

  it('needs a recent verification to turn two-factor off, and a credential to change the email, two-factor, passkeys or delete', () => {
    expect(ids((call) => call.recentVerification === true)).toEqual(['accounts.mfaRemove']);
    expect(ids((call) => call.recentVerification === 'credential')).toEqual([
      'accounts.mfaStart',
      'accounts.passkeyAdd',
      'accounts.passkeyOptions',
      'accounts.passkeyRemove',
      'accounts.updateEmail',
    ]);
    expect(ids((call) => call.recentVerification === 'credential-if-held')).toEqual(['accounts.delete']);
  });

  it('refuses session policies on calls that cannot have them', () => {
    const base = { area: 'accounts', method: 'GET', path: '/x', summary: 'test', response: z.object({}) } as const;
    expect(() => defineCall({ ...base, id: 'x.a', auth: 'public', allowMfaPending: true })).toThrow(/public/);
    expect(() => defineCall({ ...base, id: 'x.b', auth: 'public', gameToken: 'allowed' })).toThrow(/public/);
    expect(() => defineCall({ ...base, id: 'x.f', auth: 'public', allowStub: true })).toThrow(/public/);
    expect(() => defineCall({ ...base, id: 'x.c', auth: 'optional', gameToken: 'required' })).toThrow(/token call/);
    expect(() => defineCall({ ...base, id: 'x.d', auth: 'optional', recentVerification: true })).toThrow(/token call/);
    const plain = defineCall({ ...base, id: 'x.e', auth: 'token' });
    expect([
      plain.captcha,
      plain.rateLimit,
      plain.allowMfaPending,
      plain.gameToken,
      plain.recentVerification,
      plain.allowStub,
    ]).toEqual([false, 'default', false, 'refused', false, false]);
  });
});

describe("the operators' console's calls", () => {
  it('name the least role they need when they take an operator, and only they do', async () => {
    const { consoleCalls } = await import('./console.ts');
    const { consoleLiveOpsCalls } = await import('./console-live-ops.ts');
    const console = [...Object.values(consoleCalls), ...Object.values(consoleLiveOpsCalls)];
    for (const call of console) {
      expect(call.area, call.id).toBe('console');
      expect(call.role !== undefined, call.id).toBe(call.auth === 'operator');
    }
    expect(console.filter((c) => c.auth !== 'operator').map((c) => c.id)).toEqual([
      'console.signIn',
      'console.setupRead',
      'console.setup',
    ]);
    for (const call of allCalls) {
      expect(call.role, call.id).toBeUndefined();
      expect(call.area, call.id).not.toBe('console');
    }
  });
});
