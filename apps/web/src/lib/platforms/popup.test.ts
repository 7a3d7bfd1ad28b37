// What the popup came back with, read into the link or sign-in payload of the platform's kind.
import { describe, expect, it } from 'vitest';
import { answerOf, payloadOf } from './popup.ts';

const made = { state: 's'.repeat(43), nonce: 'n'.repeat(43), verifier: 'v'.repeat(43) };

describe('payloadOf', () => {
  it('gives an OpenID Connect platform the code, the nonce, the PKCE verifier, the state and the iss', () => {
    const search = `?code=abc&state=${made.state}&iss=${encodeURIComponent('https://id.example.com')}`;
    expect(payloadOf('psn', search, made)).toEqual({
      kind: 'signed-in',
      payload: {
        auth_code: 'abc',
        nonce: made.nonce,
        code_verifier: made.verifier,
        state: made.state,
        iss: 'https://id.example.com',
      },
    });
  });

  it('gives an OAuth 2.0 platform the code without a nonce', () => {
    expect(payloadOf('discord', `?code=abc&state=${made.state}`, made)).toEqual({
      kind: 'signed-in',
      payload: { auth_code: 'abc', code_verifier: made.verifier, state: made.state },
    });
  });

  it('refuses an answer to another request (the state differs)', () => {
    expect(payloadOf('psn', '?code=abc&state=other', made)).toEqual({ kind: 'failed', reason: 'refused' });
  });

  it('reads a cancel at the platform as cancelled, and its other errors as failures', () => {
    expect(payloadOf('twitch', `?error=access_denied&state=${made.state}`, made)).toEqual({ kind: 'cancelled' });
    expect(payloadOf('twitch', `?error=server_error&state=${made.state}`, made)).toEqual({
      kind: 'failed',
      reason: 'unavailable',
    });
    expect(payloadOf('twitch', `?error=invalid_request&state=${made.state}`, made)).toEqual({
      kind: 'failed',
      reason: 'refused',
    });
  });

  it('gives Steam its OpenID 2.0 assertion as the access token, and reads a cancel', () => {
    const search = '?openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=id_res&openid.sig=x';
    expect(payloadOf('steam', search, made)).toEqual({ kind: 'signed-in', payload: { access_token: search.slice(1) } });
    expect(payloadOf('steam', '?openid.mode=cancel', made)).toEqual({ kind: 'cancelled' });
    expect(payloadOf('steam', '?error=platform_not_supported', made)).toEqual({
      kind: 'failed',
      reason: 'unavailable',
    });
  });
});

describe('answerOf', () => {
  const message = (search: string) => ({ type: 'ag-platform-callback', search });

  it("takes this attempt's answer", () => {
    expect(answerOf('psn', message(`?code=abc&state=${made.state}`), made)).toMatchObject({ kind: 'signed-in' });
    expect(answerOf('twitch', message(`?error=access_denied&state=${made.state}`), made)).toEqual({
      kind: 'cancelled',
    });
  });

  it("leaves another request's answer alone (an earlier popup, another tab): the attempt goes on waiting", () => {
    expect(answerOf('psn', message('?code=abc&state=other'), made)).toBeNull();
    expect(answerOf('psn', message('?code=abc'), made)).toBeNull();
    expect(answerOf('psn', { type: 'something-else', search: `?state=${made.state}` }, made)).toBeNull();
    expect(answerOf('psn', null, made)).toBeNull();
  });

  it("takes Steam's answer, which carries no state, but not another platform's", () => {
    const steam = '?openid.ns=http%3A%2F%2Fspecs.openid.net%2Fauth%2F2.0&openid.mode=id_res&openid.sig=x';
    expect(answerOf('steam', message(steam), made)).toMatchObject({ kind: 'signed-in' });
    expect(answerOf('steam', message('?code=abc&state=other'), made)).toBeNull();
  });
});
