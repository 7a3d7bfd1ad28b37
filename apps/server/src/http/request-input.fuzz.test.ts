// Bad input (issue 19) for what every request carries: its headers and query as the request context
// reads them (context.ts), its address as the rate limit counts it, and its URL as the log writes it.
// 100,000 generated cases per parser, fixed seeds: none throws, each answers the documented form.
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientKey } from '../rate-limit/http-rate-limit.ts';
import { readContext, wantsAgJson } from './context.ts';
import { redactUrl } from './log-redaction.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

/** Header values as they cross the wire: visible Latin-1 and tabs. */
const latin1 = (maxLength: number) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
      .map((c) => String.fromCharCode(c)),
    maxLength,
  });
/** A header as Node gives it: a string, a header sent twice joined with `, ` (only set-cookie is a list). */
const header = fc.oneof(
  latin1(40),
  fc.constantFrom('', 'null', 'undefined', 'x'.repeat(5_000)),
  fc.array(latin1(10), { minLength: 2, maxLength: 3 }).map((values) => values.join(', ')),
);

describe('the request context, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('reads any headers and query into a supported locale, a checked visitor id and a bounded token', () => {
    const request = fc.record({
      headers: fc.record(
        {
          'accept-language': fc.oneof(header, fc.constantFrom('fr-FR', 'ar;q=0.9, zh-Hant', 'de;q=0')),
          'x-hydra-visitor-id': fc.oneof(header, fc.uuid()),
          'x-hydra-access-token': fc.oneof(header, fc.stringMatching(/^at_[A-Za-z0-9_-]{20,40}$/)),
          authorization: fc.oneof(
            header,
            latin1(30).map((t) => `Bearer ${t}`),
            fc.constant(`Bearer ${'A'.repeat(600)}`),
          ),
          accept: fc.oneof(
            header,
            fc.constantFrom('application/x-ag-json', 'APPLICATION/X-AG-JSON; q=1', 'application/json'),
          ),
          'x-hydra-utm-source': header,
          'x-hydra-game-referrer': header,
        },
        { requiredKeys: [] },
      ),
      query: fc.option(
        fc.record(
          { expand_localizations: fc.oneof(header, fc.constantFrom('False', 'false', '0', 'True')) },
          { requiredKeys: [] },
        ),
        { nil: undefined },
      ),
    });
    fc.assert(
      fc.property(request, (r) => {
        const ctx = readContext(r as unknown as FastifyRequest);
        expect(LOCALE_TAGS).toContain(ctx.locale);
        if (ctx.visitorId !== null) expect(ctx.visitorId).toMatch(/^[0-9a-zA-Z-]{8,64}$/);
        if (ctx.accessToken !== null) {
          expect(ctx.accessToken.length).toBeGreaterThan(0);
          expect(ctx.accessToken.length).toBeLessThanOrEqual(512);
        }
        for (const value of [ctx.utm.source, ctx.gameReferrer])
          if (value !== null) expect(value.length).toBeLessThanOrEqual(200);
        expect(ctx.agJson).toBe(wantsAgJson(r.headers.accept as string | undefined));
        expect(typeof ctx.expandLocalizations).toBe('boolean');
        expect(ctx.session).toBeNull();
      }),
      { numRuns: RUNS, seed: 20_001 },
    );
  });
});

describe('client addresses, 100,000 cases', { timeout: TIMEOUT }, () => {
  const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
  const ipv6 = fc.array(group, { minLength: 8, maxLength: 8 });

  it('counts an IPv4 address as itself, also written IPv4-mapped', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ip) => {
        expect(clientKey(ip)).toBe(ip);
        expect(clientKey(`::ffff:${ip}`)).toBe(ip);
      }),
      { numRuns: RUNS, seed: 20_002 },
    );
  });

  it('counts an IPv6 address by its /64, however it is written, and any text without throwing', () => {
    fc.assert(
      fc.property(
        ipv6,
        fc.nat(7),
        fc.boolean(),
        fc.oneof(fc.ipV6(), fc.string({ unit: 'binary', maxLength: 30 })),
        (groups, from, upper, other) => {
          const full = groups.join(':');
          const key = clientKey(full);
          expect(key).toMatch(/^[0-9a-f]{1,4}(:[0-9a-f]{1,4}){3}::\/64$/);
          // Another host of the same network, a zone, upper case: the same key.
          const sameNetwork = [...groups.slice(0, 4), ...groups.slice(4).map((g) => (g === '0' ? '1' : '0'))].join(':');
          expect(clientKey(sameNetwork)).toBe(key);
          expect(clientKey(`${upper ? full.toUpperCase() : full}%eth${from}`)).toBe(key);
          expect(typeof clientKey(other)).toBe('string');
        },
      ),
      { numRuns: RUNS, seed: 20_003 },
    );
  });
});

describe('URLs in the request log, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('never writes a token, code or password of the query, nor a playtest code of the path; idempotently', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/);
    const url = fc
      .tuple(
        fc.constantFrom(
          '/api/betas/lookup/campaign/',
          '/api/accounts/recovery/validate',
          '/playtests/',
          '/api/games/',
          '/api/betas/me/',
        ),
        secret,
        fc.constantFrom('', '/update_tos', '/info'),
        fc.constantFrom('?token=', '?code=', '&user_code=', '?a=1&password=', '?TOKEN=', '?q='),
        secret,
        fc.constantFrom('', '&x=1', '#frag'),
      )
      .map(([path, inPath, tail, param, inQuery, end]) => ({
        url: `${path}${inPath}${tail}${param}${inQuery}${end}`,
        inPath,
        param,
        inQuery,
      }));
    fc.assert(
      fc.property(
        fc.oneof(
          url,
          fc.string({ unit: 'binary', maxLength: 40 }).map((u) => ({ url: u, inPath: '', param: '', inQuery: '' })),
        ),
        (c) => {
          const logged = redactUrl(c.url);
          expect(redactUrl(logged)).toBe(logged);
          if (/[?&](token|code|user_code|password)=/i.test(c.param)) expect(logged).not.toContain(c.inQuery);
          if (
            c.url.startsWith('/api/betas/lookup/campaign/') ||
            (c.url.startsWith('/playtests/') && !c.url.slice(11).includes('/'))
          ) {
            expect(logged).not.toContain(c.inPath);
          }
        },
      ),
      { numRuns: RUNS, seed: 20_004 },
    );
  });
});
