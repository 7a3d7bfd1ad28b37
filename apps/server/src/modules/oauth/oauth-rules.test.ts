import { describe, expect, it } from 'vitest';
import { pkceMatches } from './authorization-codes.ts';
import { redirectUriAllowed } from './redirect-uri.ts';

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
