import { describe, expect, it } from 'vitest';
import { redirectUriProblem } from './registry-rules.ts';

describe('redirect URIs an operator may register', () => {
  it.each([
    'https://game.example.com/oauth/callback',
    'https://game.example.com/callback?source=portal',
    'http://127.0.0.1/callback',
    'http://127.0.0.1:8123/callback',
    'http://[::1]/callback',
    'http://localhost:3000/cb',
    'com.aurora.starfall:/oauth/callback',
  ])('accepts %s', (uri) => expect(redirectUriProblem(uri)).toBeNull());

  it.each([
    ['/relative/path', 'not an absolute URI'],
    ['https://game.example.com/cb#frag', 'a redirect URI has no fragment'],
    ['http://game.example.com/cb', 'http is allowed on loopback hosts only'],
    ['javascript:alert(1)', 'the javascript scheme is not allowed'],
    ['data:text/html,hi', 'the data scheme is not allowed'],
    ['mygame:/cb', 'a private-use scheme is a reverse domain name'],
  ])('refuses %s (%s)', (uri, problem) => expect(redirectUriProblem(uri)).toBe(problem));
});
