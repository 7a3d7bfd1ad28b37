import { describe, expect, it } from 'vitest';
import { consentNeeded, grantCovers, scopeForClient } from './client-scopes.ts';

const ALL = ['openid', 'profile', 'email', 'offline_access'];

describe('the scope a client is granted', () => {
  it('is what it asked for, in its order, unknown scopes left out (OIDC Core §3.1.2.1)', () => {
    expect(scopeForClient('openid games email', ALL)).toEqual({ scope: 'openid email' });
    expect(scopeForClient(undefined, ALL)).toEqual({ scope: null });
    expect(scopeForClient('games', ['openid'])).toEqual({ scope: null });
  });
  it('is refused (invalid_scope) for a known scope outside the client list', () => {
    expect(scopeForClient('openid email', ['openid', 'profile'])).toEqual({ refused: ['email'] });
    expect(scopeForClient('offline_access profile', ['openid'])).toEqual({ refused: ['offline_access', 'profile'] });
  });
});

describe('consent', () => {
  it('is never asked of a first-party game', () => {
    expect(consentNeeded({ firstParty: true }, undefined, 'openid email')).toBe(false);
  });
  it('is asked of another client without a grant in force', () => {
    expect(consentNeeded({ firstParty: false }, undefined, null)).toBe(true);
    expect(consentNeeded({ firstParty: false }, undefined, 'openid')).toBe(true);
  });
  it('is asked again when the sign-in asks for more than the grant holds', () => {
    expect(grantCovers({ scope: 'openid profile' }, 'openid profile')).toBe(true);
    expect(grantCovers({ scope: 'email openid profile' }, 'profile openid')).toBe(true);
    expect(grantCovers({ scope: 'openid' }, 'openid email')).toBe(false);
    expect(grantCovers({ scope: null }, null)).toBe(true);
    expect(consentNeeded({ firstParty: false }, { scope: 'openid' }, 'openid email')).toBe(true);
    expect(consentNeeded({ firstParty: false }, { scope: 'openid email' }, 'openid')).toBe(false);
  });
});
