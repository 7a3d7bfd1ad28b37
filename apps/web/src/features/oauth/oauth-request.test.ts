import { describe, expect, it } from 'vitest';
import {
  authorizeBody,
  gameErrorUrl,
  gameRedirectUrl,
  oauthErrorForStatus,
  oauthErrorFromFlow,
  oauthFlowRequest,
  oauthRequestFromFlow,
  readOAuthRequest,
} from './oauth-request.ts';
import { NO_FLOW } from '../../flows/flow-state.ts';
import { oauthFlow } from '../../flows/testing/flow-fixtures.ts';

const ISS = 'https://portal.example.com';

const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const query = (params: Record<string, string>) => `?${new URLSearchParams(params).toString()}`;
const valid = {
  client_id: 'starfall-legends-pc',
  redirect_uri: 'http://127.0.0.1:4321/callback',
  code_challenge: challenge,
};

describe('reading the OAuth request of /oauth', () => {
  it('a query without OAuth parameters is no request (the flow continues instead)', () => {
    expect(readOAuthRequest('')).toBeNull();
    expect(readOAuthRequest('?lang=ar-AE')).toBeNull();
  });

  it('reads a complete request with its state, force_verify and entry', () => {
    expect(
      readOAuthRequest(
        query({
          ...valid,
          code_challenge_method: 'S256',
          response_type: 'code',
          state: 'xyz 1',
          force_verify: 'true',
          entry: 'starfall-legends',
          scope: 'openid profile',
          nonce: 'n-1',
        }),
      ),
    ).toEqual({
      clientId: 'starfall-legends-pc',
      redirectUri: 'http://127.0.0.1:4321/callback',
      codeChallenge: challenge,
      state: 'xyz 1',
      forceVerify: true,
      entry: 'starfall-legends',
      scope: 'openid profile',
      nonce: 'n-1',
      prompt: null,
    });
    expect(readOAuthRequest(query(valid))).toMatchObject({
      state: null,
      forceVerify: false,
      entry: null,
      scope: null,
      nonce: null,
    });
  });

  it('reads prompt=none and prompt=consent, and refuses any other prompt', () => {
    expect(readOAuthRequest(query({ ...valid, prompt: 'none' }))).toMatchObject({ prompt: 'none' });
    expect(readOAuthRequest(query({ ...valid, prompt: 'consent' }))).toMatchObject({ prompt: 'consent' });
    expect(readOAuthRequest(query({ ...valid, prompt: 'login' }))).toEqual({ error: 'invalid_request' });
  });

  it('names what is missing, in the order client, redirect URI, challenge', () => {
    expect(readOAuthRequest(query({ redirect_uri: valid.redirect_uri }))).toEqual({ error: 'missing_client_id' });
    expect(readOAuthRequest(query({ client_id: 'c', code_challenge: challenge }))).toEqual({
      error: 'missing_redirect_uri',
    });
    expect(readOAuthRequest(query({ client_id: 'c', redirect_uri: valid.redirect_uri }))).toEqual({
      error: 'missing_code_challenge',
    });
    expect(readOAuthRequest('?entry=starfall-legends')).toEqual({ error: 'missing_client_id' });
  });

  it('refuses any method but S256, a challenge that is no SHA-256, and other response types', () => {
    expect(readOAuthRequest(query({ ...valid, code_challenge_method: 'plain' }))).toEqual({
      error: 'oauth_code_challenge_failed',
    });
    expect(readOAuthRequest(query({ ...valid, code_challenge: 'short' }))).toEqual({
      error: 'oauth_code_challenge_failed',
    });
    expect(readOAuthRequest(query({ ...valid, response_type: 'token' }))).toEqual({ error: 'invalid_request' });
    expect(readOAuthRequest(query({ ...valid, state: 'x'.repeat(1001) }))).toEqual({ error: 'invalid_request' });
    expect(readOAuthRequest(query({ ...valid, nonce: 'x'.repeat(501) }))).toEqual({ error: 'invalid_request' });
  });

  it('a redirect URI that is not a URI is invalid before any call', () => {
    expect(readOAuthRequest(query({ ...valid, redirect_uri: 'not a uri' }))).toEqual({
      error: 'invalid_redirect_uri',
    });
  });
});

describe('the OAuth state in the flow data', () => {
  it('keeps the request and gives it back', () => {
    const request = readOAuthRequest(query({ ...valid, state: 's', scope: 'openid', nonce: 'n' }));
    if (!request || 'error' in request) throw new Error('expected a request');
    expect(oauthRequestFromFlow(oauthFlow({ request: oauthFlowRequest(request, true) }))).toEqual({
      ...request,
      forceVerify: true,
      entry: null,
    });
    expect(authorizeBody(request)).toEqual({
      client_id: valid.client_id,
      code_challenge: challenge,
      redirect_uri: valid.redirect_uri,
      response_type: 'code',
      code_method: 'S256',
      state: 's',
      scope: 'openid',
      nonce: 'n',
    });
    const bare = { ...request, state: null, scope: null, nonce: null };
    expect(oauthRequestFromFlow(oauthFlow({ request: oauthFlowRequest(bare, false) }))).toMatchObject({
      state: null,
      forceVerify: false,
      scope: null,
      nonce: null,
    });
    expect(authorizeBody(bare)).not.toHaveProperty('state');
    expect(authorizeBody(bare)).not.toHaveProperty('consent');
    expect(authorizeBody({ ...bare, prompt: 'consent' }, true)).toMatchObject({ prompt: 'consent', consent: true });
    expect(authorizeBody({ ...bare, prompt: 'none' })).not.toHaveProperty('prompt');
    expect(authorizeBody(bare)).not.toHaveProperty('nonce');
    expect(oauthRequestFromFlow(oauthFlow({ request: null }))).toBeNull();
    expect(oauthRequestFromFlow(NO_FLOW)).toBeNull();
  });

  it('reads the error of the step, none as unknown_error', () => {
    expect(oauthErrorFromFlow(oauthFlow({ step: 'oauth_error', error: 'age_gate' }))).toBe('age_gate');
    expect(oauthErrorFromFlow(oauthFlow())).toBe('unknown_error');
    expect(oauthErrorFromFlow(NO_FLOW)).toBe('unknown_error');
  });

  it('maps a failed call by its status: 404 client, 400 redirect URI, else unknown', () => {
    expect(oauthErrorForStatus(404)).toBe('invalid_client_id');
    expect(oauthErrorForStatus(400)).toBe('invalid_redirect_uri');
    expect(oauthErrorForStatus(500)).toBe('unknown_error');
    expect(oauthErrorForStatus(0)).toBe('unknown_error');
  });
});

describe('the redirect back to the game', () => {
  it('adds auth_code, code, state and the issuer (RFC 9207)', () => {
    expect(gameRedirectUrl('http://127.0.0.1:4321/callback', 'ac_1', 'a b&c', ISS)).toBe(
      'http://127.0.0.1:4321/callback?auth_code=ac_1&code=ac_1&state=a+b%26c&iss=https%3A%2F%2Fportal.example.com',
    );
  });
  it('leaves state out when the game sent none', () => {
    expect(gameRedirectUrl('https://game.example.com/cb', 'ac_1', null, ISS)).toBe(
      'https://game.example.com/cb?auth_code=ac_1&code=ac_1&iss=https%3A%2F%2Fportal.example.com',
    );
  });
  it('appends to a query the URI already has', () => {
    expect(gameRedirectUrl('https://game.example.com/cb?v=2', 'ac_1', 's', ISS)).toBe(
      'https://game.example.com/cb?v=2&auth_code=ac_1&code=ac_1&state=s&iss=https%3A%2F%2Fportal.example.com',
    );
    expect(gameRedirectUrl('https://game.example.com/cb?', 'ac_1', null, ISS)).toBe(
      'https://game.example.com/cb?auth_code=ac_1&code=ac_1&iss=https%3A%2F%2Fportal.example.com',
    );
  });
  it('keeps a private-use scheme as it is and drops a fragment', () => {
    expect(gameRedirectUrl('com.aurora.starfall:/oauth/callback', 'ac_1', null, ISS)).toBe(
      'com.aurora.starfall:/oauth/callback?auth_code=ac_1&code=ac_1&iss=https%3A%2F%2Fportal.example.com',
    );
    expect(gameRedirectUrl('https://game.example.com/cb#top', 'ac_1', null, ISS)).toBe(
      'https://game.example.com/cb?auth_code=ac_1&code=ac_1&iss=https%3A%2F%2Fportal.example.com',
    );
  });
  it('carries an error the game can act on, with state and the issuer', () => {
    expect(gameErrorUrl('https://game.example.com/cb?v=2', 'login_required', 's', ISS)).toBe(
      'https://game.example.com/cb?v=2&error=login_required&state=s&iss=https%3A%2F%2Fportal.example.com',
    );
    expect(gameErrorUrl('https://game.example.com/cb', 'access_denied', null, ISS)).toBe(
      'https://game.example.com/cb?error=access_denied&iss=https%3A%2F%2Fportal.example.com',
    );
  });
});
