// The rules of the standard endpoints that need no server: where /oauth2/authorize sends the
// browser, which client credentials a request presents, form fields, and the RFC error bodies.
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../http/request-error.ts';
import { grantError } from '../grant-error.ts';
import { authorizeRedirect } from './authorization-request.ts';
import { presentedCredentials } from './client-authentication.ts';
import { OAuthError, toOAuthError } from './errors.ts';
import { field, parseForm } from './form.ts';

const ISSUER = 'https://portal.example.com';
const REGISTERED = { redirectUris: ['https://game.example.com/cb'], allowedScopes: ['openid', 'profile', 'email'] };
const good = {
  client_id: 'game-pc',
  redirect_uri: 'https://game.example.com/cb',
  response_type: 'code',
  code_challenge: 'abc',
  code_challenge_method: 'S256',
  state: 'xyz',
};

describe('GET /oauth2/authorize sends the browser', () => {
  it('to the /oauth page with what it reads, the granted scope and force_verify for prompt=login', () => {
    const to = authorizeRedirect(
      { ...good, scope: 'openid games email', prompt: 'login', nonce: 'n' },
      REGISTERED,
      ISSUER,
    );
    const url = new URL(to, ISSUER);
    expect(url.pathname).toBe('/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'game-pc',
      redirect_uri: 'https://game.example.com/cb',
      code_challenge: 'abc',
      state: 'xyz',
      nonce: 'n',
      scope: 'openid email',
      force_verify: 'true',
    });
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ code_challenge: undefined }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
  ])('back to the game with %o → %s, the state and iss', (change, error) => {
    const back = new URL(authorizeRedirect({ ...good, ...change }, REGISTERED, ISSUER));
    expect(back.origin + back.pathname).toBe('https://game.example.com/cb');
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('iss')).toBe(ISSUER);
  });

  it.each([
    [{ scope: 'openid offline_access' }, 'invalid_scope'],
    [{ prompt: 'none login' }, 'invalid_request'],
    [{ prompt: 'dance' }, 'invalid_request'],
    [{ request: 'eyJ...' }, 'request_not_supported'],
    [{ request_uri: 'https://game.example.com/r' }, 'request_uri_not_supported'],
  ])('back to the game with %o → %s (OIDC Core §3.1.2.6)', (change, error) => {
    const back = new URL(authorizeRedirect({ ...good, ...change }, REGISTERED, ISSUER));
    expect(back.searchParams.get('error')).toBe(error);
    expect(back.searchParams.get('iss')).toBe(ISSUER);
  });

  it('to the /oauth page with prompt=none or prompt=consent for the page to honour', () => {
    const none = new URL(authorizeRedirect({ ...good, prompt: 'none' }, REGISTERED, ISSUER), ISSUER);
    expect(none.searchParams.get('prompt')).toBe('none');
    const consent = new URL(authorizeRedirect({ ...good, prompt: 'consent login' }, REGISTERED, ISSUER), ISSUER);
    expect(consent.searchParams.get('prompt')).toBe('consent');
    expect(consent.searchParams.get('force_verify')).toBe('true');
  });

  it('to the /oauth page in the language asked for: lang, else the first of ui_locales', () => {
    const page = (extra: Record<string, string>) =>
      new URL(authorizeRedirect({ ...good, ...extra }, REGISTERED, ISSUER), ISSUER).searchParams.get('lang');
    expect(page({ ui_locales: 'ar-AE fr-FR' })).toBe('ar-AE');
    expect(page({ lang: 'de-DE', ui_locales: 'ar-AE' })).toBe('de-DE');
    expect(page({})).toBeNull();
  });

  it('never back to a redirect URI the client may not use, nor for an unknown client', () => {
    const evil = { ...good, response_type: 'token', redirect_uri: 'https://evil.example.com/cb' };
    expect(authorizeRedirect(evil, REGISTERED, ISSUER)).toMatch(/^\/oauth\?/);
    expect(authorizeRedirect({ ...good, response_type: 'token' }, null, ISSUER)).toMatch(/^\/oauth\?/);
  });
});

describe('client credentials', () => {
  const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
  it('come from the Basic header (URL-decoded) before the form', () => {
    expect(presentedCredentials(basic('game%3Apc:s%20cret'), { client_id: 'other', client_secret: 'x' })).toEqual({
      clientId: 'game:pc',
      secret: 's cret',
    });
  });
  it('come from the form without a Basic header', () => {
    expect(presentedCredentials(undefined, { client_id: 'game-pc' })).toEqual({
      clientId: 'game-pc',
      secret: undefined,
    });
  });
  it('refuse a Basic header with a broken percent escape as invalid_client (401), not a server error', () => {
    expect(() => presentedCredentials(basic('%zz:x'), {})).toThrow(
      expect.objectContaining({ error: 'invalid_client', status: 401 }),
    );
    expect(() => presentedCredentials(basic('game-pc:%E0%A4%A'), {})).toThrow(
      expect.objectContaining({ error: 'invalid_client', status: 401 }),
    );
  });
  it('read + as a space (form-urlencoded, RFC 6749 §2.3.1)', () => {
    expect(presentedCredentials(basic('game-pc:a+b'), {}).secret).toBe('a b');
  });
  it('refuse a Basic header without a colon as invalid_client (401)', () => {
    expect(() => presentedCredentials(basic('no-colon'), {})).toThrow(
      expect.objectContaining({ error: 'invalid_client', status: 401 }),
    );
  });
});

describe('form bodies', () => {
  it('refuse a field given twice', () => {
    expect(parseForm('a=1&b=2')).toEqual({ a: '1', b: '2' });
    expect(() => parseForm('a=1&a=2')).toThrow('a is repeated');
  });
  it('require a field to be there and not too long', () => {
    expect(field({ code: 'x' }, 'code')).toBe('x');
    expect(() => field({ code: '' }, 'code')).toThrow('code is missing');
    expect(() => field({ code: 'xx' }, 'code', 1)).toThrow('code is too long');
  });
});

describe('RFC 6749 §5.2 error bodies', () => {
  it('carry a grant error with its extra fields, and map the portal errors a token request can meet', () => {
    const pending = toOAuthError(grantError('slow_down', { interval: 10 }));
    expect(pending).toMatchObject({
      error: 'slow_down',
      description: 'polling too often; wait the interval (now longer) between polls',
      status: 400,
      extra: { interval: 10 },
    });
    const denied = toOAuthError(grantError('access_denied', { reason: 'age_gated' }));
    expect(denied).toMatchObject({ error: 'access_denied', description: 'age_gated', extra: {} });
    expect(toOAuthError(new RequestError('oauth_code_challenge_failed'))).toMatchObject({ error: 'invalid_grant' });
    expect(toOAuthError(new RequestError('too_many_requests'))).toMatchObject({ error: 'slow_down', status: 429 });
    expect(toOAuthError(new OAuthError('invalid_client', 'unknown client', 401))?.status).toBe(401);
    expect(toOAuthError(new Error('boom'))).toBeUndefined();
  });
});
