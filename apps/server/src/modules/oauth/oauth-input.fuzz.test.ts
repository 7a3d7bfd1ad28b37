// Bad input (issue 19) for what a game's OAuth client sends: redirect URIs and the form bodies of the
// standard endpoints. 100,000 generated cases per parser, fixed seeds. Neither throws anything but
// the RFC error; a redirect URI is allowed only when registered (or a registered loopback URI on
// another port); a form is read field by field, exactly as it was written.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectUriAllowed } from './redirect-uri.ts';
import { OAuthError } from './standard/errors.ts';
import { field, parseForm } from './standard/form.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

const host = fc.constantFrom(
  '127.0.0.1',
  'localhost',
  '[::1]',
  'LOCALHOST',
  'game.example.com',
  '127.0.0.2',
  '[::2]',
  'xn--80ak6aa92e.com',
);
const uri = fc
  .tuple(
    fc.constantFrom('http', 'https', 'HTTP', 'myapp', 'javascript'),
    fc.constantFrom('://', ':/', ':'),
    host,
    fc.option(
      fc.integer({ min: 0, max: 70_000 }).map((p) => `:${p}`),
      { nil: '' },
    ),
    fc.constantFrom('', '/', '/callback', '/callback/', '/Callback', '/a/../callback', '/%63allback'),
    fc.constantFrom('', '?a=1', '?a=2', '?', '#frag', '?a=1#x'),
  )
  .map((parts) => parts.join(''));
const registered = fc.array(fc.oneof(uri, fc.constant('http://127.0.0.1:8400/callback')), {
  minLength: 1,
  maxLength: 4,
});

function loopbackWithoutPort(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' || !['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) return null;
    return `${url.hostname}${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

describe('redirect URIs, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('allows a registered URI, or a registered loopback URI on another port, and nothing else', () => {
    fc.assert(
      fc.property(
        registered,
        fc.oneof(uri, fc.string({ unit: 'binary', maxLength: 40 })),
        fc.nat(),
        (list, other, pick) => {
          const own = list[pick % list.length]!;
          expect(redirectUriAllowed(list, own)).toBe(true);
          const allowed = redirectUriAllowed(list, other);
          if (!allowed || list.includes(other)) return;
          // Not registered as written: only a loopback http URI differing in its port, without a fragment.
          expect(other).not.toContain('#');
          const asked = loopbackWithoutPort(other);
          expect(asked).not.toBeNull();
          expect(list.some((r) => loopbackWithoutPort(r) === asked)).toBe(true);
        },
      ),
      { numRuns: RUNS, seed: 19_801 },
    );
  });
});

/** Field names as a client may send them, and names of Object's members (read as fields like any other). */
const name = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'abcxyz_-. %&=+é'), minLength: 1, maxLength: 8 }),
  fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'),
);

describe('form bodies of the standard endpoints, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('reads every field as it was written, refuses a repeated one, and throws nothing else', () => {
    const form = fc.tuple(
      fc.uniqueArray(name, { maxLength: 5 }),
      fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { minLength: 5, maxLength: 5 }),
      fc.option(fc.nat(4)),
    );
    fc.assert(
      fc.property(form, ([names, values, repeat]) => {
        const pairs = names.map((n, i) => [n, values[i]!] as [string, string]);
        const text = new URLSearchParams(pairs).toString();
        const repeated =
          repeat !== null && pairs.length > 0 ? `${text}&${text.split('&')[repeat % pairs.length]}` : text;
        if (repeated !== text) {
          expect(() => parseForm(repeated)).toThrow(OAuthError);
          return;
        }
        // Lone surrogates cannot travel in a form: the form holds what URLSearchParams wrote of them.
        expect(parseForm(text)).toEqual(Object.fromEntries(new URLSearchParams(text)));
      }),
      { numRuns: RUNS, seed: 19_802 },
    );
  });

  it('reads any text or refuses it with an OAuthError; a required field is there and short enough', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.constantFrom('code', 'grant_type', 'a'),
        fc.nat(30),
        (text, wanted, max) => {
          let fields: Record<string, string>;
          try {
            fields = parseForm(text);
          } catch (error) {
            expect(error).toBeInstanceOf(OAuthError);
            return;
          }
          for (const value of Object.values(fields)) expect(typeof value).toBe('string');
          try {
            const value = field(fields, wanted, max);
            expect(value).toBe(fields[wanted]);
            expect(value.length).toBeGreaterThan(0);
            expect(value.length).toBeLessThanOrEqual(max);
          } catch (error) {
            expect(error).toBeInstanceOf(OAuthError);
          }
        },
      ),
      { numRuns: RUNS, seed: 19_803 },
    );
  });

  it('reads a form with a field named like an Object member (it was refused as repeated)', () => {
    expect(parseForm('grant_type=refresh_token&constructor=x')).toEqual({
      grant_type: 'refresh_token',
      constructor: 'x',
    });
  });
});
