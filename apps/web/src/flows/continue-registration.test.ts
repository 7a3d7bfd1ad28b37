import { describe, expect, it } from 'vitest';
import { continueRegistration } from './continue-registration.ts';
import type { ContinueState } from './continue-registration.ts';

const account = {
  stub: false,
  completed: true,
  registration_flagged: false,
  tos_consent_required: false,
  privacy_policy_consent_required: false,
};
const base: ContinueState = {
  flow: 'registration',
  step: null,
  flowEmail: null,
  hasAccessToken: true,
  pendingMfa: false,
  account,
  game: {
    prefersPassword: false,
    requireCredentials: true,
    flaggedAccountOauth: false,
    serverGameName: 'Starfall Legends',
  },
  resetToken: null,
  deviceAuthType: null,
  consolidationPending: false,
  connectRedirect: null,
  pendingOauth: false,
  connection: null,
};
const next = (patch: Partial<ContinueState>) => continueRegistration({ ...base, ...patch });

describe('continue-registration decision, rule by rule', () => {
  it('1: an OAuth error goes to the oauth page', () =>
    expect(next({ step: 'oauth_error' })).toMatchObject({ to: '/oauth', rule: 1 }));
  it('2: anonymous email verification goes to its success page', () =>
    expect(next({ step: 'anonymous_email_verification_init' })).toMatchObject({
      to: '/verify-email-success',
      rule: 2,
    }));
  it('3: reset and update password go to the new-password screen and its success page', () => {
    expect(next({ step: 'reset_password_init' })).toMatchObject({ to: '/choose-password', rule: 3 });
    expect(next({ step: 'update_password' })).toMatchObject({ to: '/choose-password-success', rule: 3 });
  });
  it("3: with the reset link's token kept, both pages get it (their guard needs it)", () => {
    expect(next({ step: 'reset_password_init', resetToken: 't0k' })).toMatchObject({
      to: '/choose-password?token=t0k',
      rule: 3,
    });
    expect(next({ step: 'update_password', resetToken: 't0k' })).toMatchObject({
      to: '/choose-password-success?token=t0k',
      rule: 3,
    });
  });
  it('4 and 8 without credentials: a stub starts at age and location, then becomes the account', () => {
    const stub = { ...account, stub: true, completed: false };
    const game = { ...base.game!, requireCredentials: false };
    expect(next({ step: 'remediation_init', account: stub, game })).toMatchObject({
      to: '/age-and-location',
      rule: 4,
    });
    expect(next({ step: 'age_and_location', account: stub, game })).toEqual({ kind: 'complete-stub', rule: 8 });
    // With credentials required, the stub without an email signs in first, as before.
    expect(next({ step: 'remediation_init', account: stub })).toMatchObject({ to: '/sign-in', rule: 4 });
    expect(next({ step: 'age_and_location', account: stub, flowEmail: 'p@example.com' })).toMatchObject({ rule: 8 });
  });
  it('4: registration init goes to age and location with an email, else sign-in', () => {
    expect(next({ step: 'registration_init', flowEmail: 'p@example.com' })).toMatchObject({
      to: '/age-and-location',
      rule: 4,
    });
    expect(next({ step: 'remediation_init' })).toMatchObject({ to: '/sign-in', rule: 4 });
  });
  it('5: an age-gate error clears history and goes to the age-gate failure', () =>
    expect(next({ step: 'age_gate_error' })).toEqual({
      kind: 'navigate',
      to: '/not-eligible',
      rule: 5,
      clearHistory: true,
    }));
  it('6: stub flow init with a stub account goes to the landing page, or the platform connection', () => {
    const stub = { ...account, stub: true };
    expect(next({ step: 'stub_flow_init', account: stub })).toMatchObject({ to: '/landing-page', rule: 6 });
    expect(
      next({
        step: 'stub_flow_init',
        account: stub,
        connectRedirect: { platform: 'steam', gameSlug: 'starfall-legends', redirectUri: 'https://g.example/cb' },
      }),
    ).toMatchObject({ to: '/connect/steam?entry=starfall-legends&redirect_uri=https%3A%2F%2Fg.example%2Fcb', rule: 6 });
  });
  it('7: choosing a game save starts with the conflict warning', () =>
    expect(next({ step: 'stub_choose_game' })).toMatchObject({ to: '/game-conflicts-warning', rule: 7 }));
  it('8: after age and location, a password or an emailed code as the game prefers', () => {
    expect(next({ step: 'age_and_location' })).toMatchObject({ to: '/email-registration', rule: 8 });
    expect(next({ step: 'age_and_location', game: { ...base.game!, prefersPassword: true } })).toMatchObject({
      to: '/create-password',
      rule: 8,
    });
  });
  it('9: no access token goes to sign-in, pending two-factor to two-factor', () => {
    expect(next({ hasAccessToken: false })).toMatchObject({ to: '/sign-in', rule: 9 });
    expect(next({ pendingMfa: true })).toMatchObject({ to: '/two-factor', rule: 9 });
  });
  it('10: consolidation init goes to sign-in, a stub account to the sign-in prompt', () => {
    expect(next({ step: 'consolidation_init' })).toMatchObject({ to: '/sign-in', rule: 10 });
    expect(next({ account: { ...account, stub: true } })).toMatchObject({ to: '/prompt-sign-in', rule: 10 });
  });
  it('10: signed in to a full account with a stub waiting, the stub moves into it', () => {
    expect(next({ consolidationPending: true, step: 'login_credentials' })).toEqual({ kind: 'consolidate', rule: 10 });
    // Not before the sign-in (nor with two-factor pending), and not into a stub or an incomplete account.
    expect(next({ consolidationPending: true, hasAccessToken: false })).toMatchObject({ to: '/sign-in', rule: 9 });
    expect(next({ consolidationPending: true, pendingMfa: true })).toMatchObject({ to: '/two-factor', rule: 9 });
    expect(next({ consolidationPending: true, account: { ...account, stub: true } })).toMatchObject({
      to: '/prompt-sign-in',
    });
    expect(next({ consolidationPending: true, account: { ...account, completed: false } })).toMatchObject({
      kind: 'complete-account',
    });
  });
  it('11: an incomplete account is completed automatically', () =>
    expect(next({ account: { ...account, completed: false } })).toEqual({ kind: 'complete-account', rule: 11 }));
  it('12: a flagged account in a registration flow or for a flagged-OAuth game verifies its email', () => {
    const flagged = { ...account, registration_flagged: true };
    expect(next({ account: flagged })).toMatchObject({ to: '/verify-email?account_flagged=true', rule: 12 });
    expect(next({ account: flagged, flow: 'oauth', game: { ...base.game!, flaggedAccountOauth: true } })).toMatchObject(
      { rule: 12 },
    );
    expect(next({ account: flagged, flow: 'oauth' })).toMatchObject({ rule: 21 });
  });
  it('13: a passwordless device after consolidation goes to stub connection success with the game', () =>
    expect(next({ deviceAuthType: 'passwordless', step: 'consolidation_completed' })).toMatchObject({
      to: '/connect-success?game=Starfall%20Legends',
      rule: 13,
    }));
  it('14: a created account (or passwordless remediation) picks its display name', () => {
    expect(next({ step: 'account_created' })).toMatchObject({ to: '/display-name', rule: 14 });
    expect(next({ deviceAuthType: 'passwordless', step: 'remediation_completed' })).toMatchObject({
      to: '/display-name',
      rule: 14,
    });
  });
  it('15: pending OAuth data authorizes the game', () =>
    expect(next({ pendingOauth: true })).toEqual({ kind: 'authorize-oauth', rule: 15 }));
  it('16: device flow goes to authorising, done goes to success clearing history', () => {
    expect(next({ step: 'device_flow_init' })).toMatchObject({ to: '/device-code', rule: 16 });
    expect(next({ deviceAuthType: 'device' })).toMatchObject({ to: '/device-code', rule: 16 });
    expect(next({ step: 'device_flow_authorization', deviceAuthType: 'device' })).toMatchObject({
      to: '/device-success',
      clearHistory: true,
    });
  });
  it('17: required consents go to update consent', () =>
    expect(next({ account: { ...account, privacy_policy_consent_required: true } })).toMatchObject({
      to: '/update-consent',
      rule: 17,
    }));
  it('17 before 15 and 16: a game gets no player who has not agreed to the terms in force', () => {
    const unconsented = { ...account, tos_consent_required: true };
    expect(next({ account: unconsented, pendingOauth: true })).toMatchObject({ to: '/update-consent', rule: 17 });
    expect(next({ account: unconsented, deviceAuthType: 'device' })).toMatchObject({ to: '/update-consent', rule: 17 });
    // Once agreed, the game goes on.
    expect(next({ pendingOauth: true })).toEqual({ kind: 'authorize-oauth', rule: 15 });
    expect(next({ deviceAuthType: 'device' })).toMatchObject({ to: '/device-code', rule: 16 });
  });
  it('18: an unfinished platform selection goes to platform selection', () =>
    expect(
      next({
        flow: 'connection',
        connection: {
          selection: true,
          selectionCompleted: false,
          platform: null,
          specialPage: null,
          linked: false,
          refreshRequired: false,
        },
      }),
    ).toMatchObject({
      to: '/connection/select-platform',
      rule: 18,
    }));
  it('19: a connection flow for a platform with its own page goes there', () =>
    expect(
      next({
        flow: 'connection',
        connection: {
          selection: false,
          selectionCompleted: true,
          platform: 'curse_forge',
          specialPage: 'connection-fan-club',
          linked: false,
          refreshRequired: false,
        },
      }),
    ).toMatchObject({
      to: '/connection/fan-club',
      rule: 19,
    }));
  it('20: an unlinked or refresh-required platform goes to connection confirmation', () => {
    const connection = {
      selection: false,
      selectionCompleted: true,
      platform: 'psn',
      specialPage: null,
      linked: false,
      refreshRequired: false,
    };
    expect(next({ flow: 'connection', connection })).toMatchObject({ to: '/connection/psn/confirmation', rule: 20 });
    expect(
      next({ flow: 'connection', connection: { ...connection, linked: true, refreshRequired: true } }),
    ).toMatchObject({ rule: 20 });
    expect(next({ flow: 'connection', connection: { ...connection, linked: true } })).toMatchObject({ rule: 21 });
  });
  it('21: otherwise the flow ends', () => expect(next({ flow: null })).toEqual({ kind: 'finish', rule: 21 }));
});
