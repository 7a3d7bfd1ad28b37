import { describe, expect, it } from 'vitest';
import { decide } from './guards.ts';
import type { GuardState } from './guards.ts';
import { ROUTES, matchRoute } from '../../lib/router/route-table.ts';

const signedOut: GuardState = {
  maintenance: false,
  loggedIn: false,
  account: null,
  featureFlags: { game_page: true, dev_tools: true },
  allowedPlatforms: new Set(['psn', 'steam', 'epic_games', 'xbox']),
  flowActive: false,
  ageGated: false,
};
const signedIn: GuardState = {
  ...signedOut,
  loggedIn: true,
  account: { registration_flagged: false, tos_consent_required: false, privacy_policy_consent_required: false },
};
const at = (path: string) => {
  const [pathname = '', query] = path.split('?');
  return { pathname, search: query === undefined ? '' : `?${query}` };
};
const go = (path: string, state: GuardState = signedOut) => decide(at(path), state);

describe('route table', () => {
  it('has every route of spec 000 §2 exactly once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/home',
      '/faq',
      '/sign-in',
      '/email-code-sign-in',
      '/password-sign-in',
      '/sign-up',
      '/create-password',
      '/account',
      '/update-consent',
      '/display-name',
      '/age-and-location',
      '/not-eligible',
      '/select-country',
      '/embargoed-country',
      '/two-factor',
      '/backup-code',
      '/oauth',
      '/logout',
      '/unlock-account',
      '/account-restricted',
      '/landing-page',
      '/dev-tools',
      '/maintenance',
      '/reset-password-message',
      '/reset-password',
      '/choose-password',
      '/choose-password-success',
      '/verify-email',
      '/verify-email-success',
      '/email-registration',
      '/email-notifications',
      '/email-notifications-success',
      '/security',
      '/linked-accounts',
      '/game-profiles',
      '/friends',
      '/playtests',
      '/playtests/:code',
      '/playtests/register/:betaId',
      '/playtests/twitch/:benefitId/connect',
      '/playtests/twitch/:benefitId/claim',
      '/connection',
      '/connection/select-platform',
      '/connection/:platformId/confirmation',
      '/connection/sign-out-confirmation',
      '/connection/connection-success',
      '/connect/:platformId',
      '/device',
      '/device-code',
      '/device-success',
      '/prompt-sign-in',
      '/connect-success',
      '/connect-fail',
      '/connect',
      '/choose-game',
      '/game-conflicts-warning',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('prefers static paths over parameters', () => {
    expect(matchRoute('/playtests/register/b1')?.route.id).toBe('playtest-register');
    expect(matchRoute('/playtests/SUMMER')?.route.id).toBe('playtest');
    expect(matchRoute('/connection/select-platform')?.route.id).toBe('connection-select-platform');
    expect(matchRoute('/connection/psn/confirmation')?.params).toEqual({ platformId: 'psn' });
    expect(matchRoute('/home/')?.route.id).toBe('home');
  });
});

describe('redirects', () => {
  it('sends / to /home', () => expect(go('/')).toMatchObject({ kind: 'redirect', to: '/home' }));
  it('sends /betas paths to the matching /playtests paths', () => {
    expect(go('/betas', signedIn)).toMatchObject({ to: '/playtests' });
    expect(go('/betas/x', signedIn)).toMatchObject({ to: '/playtests/x' });
    expect(go('/betas/register/b1?ref=2', signedIn)).toMatchObject({ to: '/playtests/register/b1?ref=2' });
    expect(go('/betas/twitch/9/claim', signedIn)).toMatchObject({ to: '/playtests/twitch/9/claim' });
  });
  it('sends /friend-request to /friends keeping the query, tab=incoming', () => {
    expect(go('/friend-request?a=1', signedIn)).toMatchObject({ to: '/friends?a=1&tab=incoming' });
    expect(go('/friend-request?tab=blocked', signedIn)).toMatchObject({ to: '/friends?tab=incoming' });
  });
  it('sends an unnamed route to /account keeping the query', () => {
    expect(go('/account/whatever?x=1', signedIn)).toMatchObject({ to: '/account?x=1' });
  });
  it('answers not found for unknown paths', () => expect(go('/no/such/page')).toEqual({ kind: 'not-found' }));
});

describe('guard 1: maintenance', () => {
  const maintenance = { ...signedIn, maintenance: true };
  it('sends every route to /maintenance', () => {
    expect(go('/account', maintenance)).toMatchObject({ kind: 'redirect', to: '/maintenance', guard: 'maintenance' });
    expect(go('/no/such/page', maintenance)).toMatchObject({ to: '/maintenance' });
  });
  it('shows the maintenance page in maintenance', () => expect(go('/maintenance', maintenance).kind).toBe('allow'));
  it('sends the maintenance page to sign-in outside maintenance', () => {
    expect(go('/maintenance')).toMatchObject({ to: '/sign-in', guard: 'maintenance' });
  });
});

describe('guard 2: public routes', () => {
  it('sends a signed-out visitor to sign-in with the query and stores the target', () => {
    expect(go('/friends?tab=blocked')).toEqual({
      kind: 'redirect',
      to: '/sign-in?tab=blocked',
      guard: 'public',
      loginRedirect: '/friends?tab=blocked',
    });
  });
  it('lets a visitor open public routes', () => expect(go('/device').kind).toBe('allow'));
  it('treats a pending two-factor session as signed out', () =>
    expect(go('/account', { ...signedIn, loggedIn: false })).toMatchObject({ guard: 'public' }));
  describe("a stub's session in its flow (rule 6)", () => {
    // A stub has consented to nothing yet: its completion or the account it moves into does.
    const stub: GuardState = {
      ...signedOut,
      account: {
        registration_flagged: false,
        tos_consent_required: true,
        privacy_policy_consent_required: true,
        stub: true,
      },
      flowActive: true,
    };
    it('opens the platform connection page, without the dashboard checks', () => {
      expect(go('/connect/psn?entry=starfall-legends&redirect_uri=%2Fprompt-sign-in', stub)).toMatchObject({
        kind: 'allow',
        params: { platformId: 'psn' },
      });
    });
    it('opens no other dashboard page', () => {
      for (const path of ['/account', '/linked-accounts', '/security']) {
        expect(go(path, stub), path).toMatchObject({ kind: 'redirect', guard: 'public' });
      }
    });
    it('needs its flow, and a stub: another signed-out session goes to sign-in', () => {
      expect(go('/connect/psn', { ...stub, flowActive: false })).toMatchObject({ guard: 'public' });
      const incomplete = { ...stub, account: { ...stub.account!, stub: false } };
      expect(go('/connect/psn', incomplete)).toMatchObject({ guard: 'public' });
    });
  });
});

describe('guard 3: dashboard checks', () => {
  it('sends a registration-flagged account to email verification, marked flagged', () => {
    const flagged = { ...signedIn, account: { ...signedIn.account!, registration_flagged: true } };
    expect(go('/account', flagged)).toMatchObject({
      to: '/verify-email?account_flagged=true',
      guard: 'registration_flagged',
    });
  });
  it('sends required consent to update-consent and stores the target', () => {
    const consent = { ...signedIn, account: { ...signedIn.account!, privacy_policy_consent_required: true } };
    expect(go('/friends?tab=current', consent)).toMatchObject({
      to: '/update-consent',
      guard: 'consent',
      consentTarget: '/friends?tab=current',
    });
  });
  it('does not apply on non-dashboard routes', () => {
    const consent = { ...signedIn, account: { ...signedIn.account!, tos_consent_required: true } };
    expect(go('/update-consent', consent).kind).toBe('allow');
  });
});

describe('guard 4: feature flags', () => {
  const off = { ...signedIn, featureFlags: { game_page: false, dev_tools: false } };
  it('sends game profiles without game_page to the default path', () => {
    expect(go('/game-profiles', off)).toMatchObject({ to: '/home', guard: 'feature_flag' });
  });
  it('sends developer tools without dev_tools to the default path', () => {
    expect(go('/dev-tools', off)).toMatchObject({ to: '/home', guard: 'feature_flag' });
  });
  it('allows them with the flags', () => expect(go('/game-profiles', signedIn).kind).toBe('allow'));
});

describe('guard 5: token routes', () => {
  it('sends the new-password screen without token to its back target', () => {
    expect(go('/choose-password')).toMatchObject({ to: '/reset-password', guard: 'token' });
  });
  it('sends the success page without token to sign-in', () => {
    expect(go('/choose-password-success')).toMatchObject({ to: '/sign-in', guard: 'token' });
  });
  it('allows them with a token', () => expect(go('/choose-password?token=abc').kind).toBe('allow'));
});

describe('guard 6: platformId', () => {
  it('converts hyphens to underscores', () => {
    expect(go('/connect/epic-games', signedIn)).toMatchObject({ kind: 'allow', params: { platformId: 'epic_games' } });
  });
  it('shows the error page for unknown platforms', () => {
    expect(go('/connect/myspace', signedIn)).toEqual({ kind: 'error', reason: 'unknown_platform' });
  });
  it('shows the error page for blocked platforms', () => {
    expect(go('/connect/twitch', signedIn)).toEqual({ kind: 'error', reason: 'unknown_platform' });
  });
});

describe('guard 7: age gate', () => {
  it('sends an age-gated visitor on age-and-location to the age-gate failure', () => {
    expect(go('/age-and-location', { ...signedOut, flowActive: true, ageGated: true })).toMatchObject({
      to: '/not-eligible',
      guard: 'age_gate',
    });
  });
});

describe('guard 8: flow-only routes', () => {
  it('sends them to the default path without a flow', () => {
    expect(go('/display-name')).toMatchObject({ to: '/home', guard: 'flow_only' });
  });
  it('allows them inside a flow', () =>
    expect(go('/display-name', { ...signedOut, flowActive: true }).kind).toBe('allow'));
});

describe('guard 9: signed in on pages for visitors', () => {
  it('sends a signed-in user without a flow to /account', () => {
    expect(go('/sign-in', signedIn)).toMatchObject({ to: '/account', guard: 'logged_in' });
  });
  it('stays when a flow is active', () => expect(go('/sign-in', { ...signedIn, flowActive: true }).kind).toBe('allow'));
  it("sends a sign-up link's referral to its playtest, a bad one to /account", () => {
    expect(go('/sign-up?ref=STARFALL-PLAYTEST', signedIn)).toMatchObject({ to: '/playtests/STARFALL-PLAYTEST' });
    expect(go('/sign-up?ref=%2F%2Fevil.example', signedIn)).toMatchObject({ to: '/account' });
    expect(go('/sign-in?ref=STARFALL-PLAYTEST', signedIn)).toMatchObject({ to: '/account' });
  });
  it("opens a restricted account's page signed out (issue 30), not to a signed-in player", () => {
    expect(go('/account-restricted')).toMatchObject({ kind: 'allow', section: 'auth' });
    expect(go('/account-restricted', signedIn)).toMatchObject({ to: '/account', guard: 'logged_in' });
  });
});

describe('guards 10 and 11: back blocking and sections', () => {
  it('blocks the browser back action on go-back-blocked routes', () => {
    expect(go('/display-name', { ...signedOut, flowActive: true })).toMatchObject({
      blockBack: true,
      section: 'registration',
    });
    expect(go('/home')).toMatchObject({ blockBack: false, section: 'home' });
  });
});
