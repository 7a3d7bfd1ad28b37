import { describe, expect, it } from 'vitest';
import { pkceMatches, redemptionRefusal } from './code-redemption.ts';
import { redirectUriAllowed } from './redirect-uri.ts';
import { refusalToAuthorize } from './who-may-authorize.ts';

describe('PKCE S256 (RFC 7636)', () => {
  it('matches the verifier of the RFC example to its challenge, and nothing else', () => {
    const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    expect(pkceMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(pkceMatches(verifier, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cN')).toBe(false);
    expect(pkceMatches(verifier, verifier)).toBe(false);
    expect(pkceMatches(`${verifier}x`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
  });
});

describe('redirect URIs at use', () => {
  const registered = ['https://game.example.com/cb', 'http://127.0.0.1/callback', 'com.example.game:/cb'];
  it.each([
    ['https://game.example.com/cb', true],
    ['com.example.game:/cb', true],
    ['http://127.0.0.1/callback', true],
    ['http://127.0.0.1:49152/callback', true],
    ['https://game.example.com/cb/', false],
    ['https://game.example.com/CB', false],
    ['https://game.example.com/cb?next=/', false],
    ['https://game.example.com:8443/cb', false],
    ['http://127.0.0.1:49152/callback#x', false],
    ['http://localhost:49152/callback', false],
    ['http://127.0.0.1:49152/other', false],
    ['https://127.0.0.1:49152/callback', false],
    ['not a uri', false],
  ])('%s → %s', (uri, allowed) => expect(redirectUriAllowed(registered, uri)).toBe(allowed));
});

describe('a code this request spent', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const spent = {
    clientId: 'game-pc',
    redirectUri: 'http://127.0.0.1/cb',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    expiresAt: new Date('2030-01-01T00:10:00Z'),
  };
  const asked = { clientId: 'game-pc', redirectUri: 'http://127.0.0.1/cb', codeVerifier: verifier };
  const now = new Date('2030-01-01T00:05:00Z');
  const refusal = (changes: object, at = now) => {
    const error = redemptionRefusal(spent, { ...asked, ...changes }, at);
    return error && { name: error.errorName, body: error.body };
  };

  it('gives tokens for its client, redirect URI and verifier before it expires', () => {
    expect(refusal({})).toBeNull();
  });

  it('refuses, in this order: expired, another client, another redirect URI, a wrong verifier', () => {
    const late = new Date('2030-01-01T00:10:00Z');
    expect(refusal({ clientId: 'x', redirectUri: 'y', codeVerifier: 'z' }, late)).toEqual({
      name: 'invalid_request',
      body: { error: 'invalid_grant', reason: 'code_expired' },
    });
    expect(refusal({ clientId: 'x', redirectUri: 'y', codeVerifier: 'z' })).toEqual({
      name: 'invalid_request',
      body: { error: 'invalid_grant', reason: 'client_mismatch' },
    });
    expect(refusal({ redirectUri: 'y', codeVerifier: 'z' })?.name).toBe('redirect_uri_mismatch');
    expect(refusal({ codeVerifier: 'z' })?.name).toBe('oauth_code_challenge_failed');
  });
});

describe('who may sign in to a game', () => {
  const today = new Date('2030-06-15T12:00:00Z');
  const game = { slug: 'starfall-legends', mature_audience: false, flagged_account_oauth_enabled: false };
  const adult = { registrationFlagged: false, dateOfBirth: '2000-01-01', restrictions: [] };
  const name = (player: { registrationFlagged: boolean; dateOfBirth: string | null }, g = game) =>
    refusalToAuthorize({ restrictions: [], ...player }, g, today)?.errorName ?? null;

  it('lets any player sign in to a game for everyone', () => {
    expect(name({ registrationFlagged: false, dateOfBirth: null })).toBeNull();
  });

  it('refuses a registration-flagged account unless the game allows it', () => {
    expect(name({ ...adult, registrationFlagged: true })).toBe('email_verification_required');
    expect(name({ ...adult, registrationFlagged: true }, { ...game, flagged_account_oauth_enabled: true })).toBeNull();
  });

  it('refuses a mature game to a player under 18 or of unknown age, and says it is the age gate', () => {
    const mature = { ...game, mature_audience: true };
    expect(name(adult, mature)).toBeNull();
    expect(name({ ...adult, dateOfBirth: '2012-06-16' }, mature)).toBe('age_gated');
    expect(name({ ...adult, dateOfBirth: '2012-06-15' }, mature)).toBeNull();
    expect(name({ ...adult, dateOfBirth: null }, mature)).toBe('age_gated');
    expect(refusalToAuthorize({ ...adult, dateOfBirth: null }, mature, today)?.body).toEqual({ adult_age_gate: true });
  });

  it('checks the flag before the age', () => {
    const both = { ...game, mature_audience: true };
    expect(name({ registrationFlagged: true, dateOfBirth: null }, both)).toBe('email_verification_required');
  });

  it('refuses a player banned from the game, or from everything, before anything else (issue 30)', () => {
    const ban = (gameSlug: string | null) => ({
      id: 'r1',
      kind: 'ban' as const,
      game: gameSlug,
      reason: 'cheating',
      note: null,
      startsAt: '2030-01-01T00:00:00Z',
      endsAt: null,
    });
    const flagged = { ...adult, registrationFlagged: true };
    expect(refusalToAuthorize({ ...flagged, restrictions: [ban('starfall-legends')] }, game, today)?.errorName).toBe(
      'account_banned',
    );
    expect(refusalToAuthorize({ ...adult, restrictions: [ban(null)] }, game, today)?.errorName).toBe('account_banned');
    expect(refusalToAuthorize({ ...adult, restrictions: [ban('other-game')] }, game, today)).toBeNull();
  });
});
