// Bad input (issue 19) for the schemas of every call: path parameters, query and body, as the
// server reads them (registerCall's safeParse), and the platform payloads of sign-in and linking.
// 100,000 generated cases per property, fixed seeds: no schema throws, and what one accepts it
// accepts again unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Binary, Localized } from '../codec/values.ts';
import type { Call } from './define.ts';
import { linkPayload } from './entities.ts';
import { allCalls } from './index.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(undefined, null, '', 'True', '0', '1e999', new Date(0), new Date(Number.NaN)),
  fc.constantFrom(new Localized('s', 'text', {}), new Binary(new Uint8Array([1])), ['a', 'b'], { page: '2' }),
);

/** The keys a schema names, so that generated objects use them (with values of any kind). */
function keysOf(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const PARTS = ['params', 'query', 'body'] as const;

/** An input for one part of one call: an object of its own keys and others, or anything at all. */
const input = fc
  .tuple(fc.constantFrom(...allCalls), fc.constantFrom(...PARTS))
  .chain(([call, part]: [Call, (typeof PARTS)[number]]) => {
    const keys = [...keysOf(call[part]), 'extra', '__proto__', '_agType'];
    return fc.record({
      call: fc.constant(call),
      part: fc.constant(part),
      raw: fc.oneof(
        { arbitrary: fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 }), weight: 3 },
        { arbitrary: value, weight: 1 },
      ),
    });
  });

describe('the schemas of every call, 100,000 cases', { timeout: TIMEOUT }, () => {
  it('read any params, query or body without throwing, and accept what they answered again', () => {
    let accepted = 0;
    fc.assert(
      fc.property(input, ({ call, part, raw }) => {
        const read = call[part].safeParse(raw);
        if (!read.success) return;
        accepted++;
        const again = call[part].safeParse(read.data);
        expect(again.success, `${call.id} ${part}`).toBe(true);
        expect(again.data).toEqual(read.data);
      }),
      { numRuns: RUNS, seed: 19_401 },
    );
    expect(accepted).toBeGreaterThan(RUNS / 10);
  });

  it('reads a platform payload as exactly one of its four forms, or refuses it', () => {
    const field = (name: string, values: fc.Arbitrary<unknown>) =>
      fc.option(
        values.map((v) => [name, v] as const),
        { nil: undefined },
      );
    const token = fc.oneof(fc.string({ minLength: 0, maxLength: 8 }), fc.stringMatching(/^[A-Za-z0-9._~-]{40,50}$/));
    const payload = fc
      .tuple(
        field('auth_code', token),
        field('nonce', token),
        field('code_verifier', token),
        field('state', token),
        field('iss', fc.oneof(fc.webUrl(), token)),
        field('access_token', token),
        field('short_code', fc.oneof(token, fc.constant('  abcd  '))),
        field('extra', value),
      )
      .map((fields) => Object.fromEntries(fields.filter((f) => f !== undefined)));
    fc.assert(
      fc.property(fc.oneof(payload, value), (raw) => {
        const read = linkPayload.safeParse(raw);
        if (!read.success) return;
        const kinds = ['auth_code', 'access_token', 'short_code'].filter((k) => k in read.data);
        expect(kinds).toHaveLength(1);
        expect('extra' in read.data).toBe(false);
        expect(linkPayload.parse(read.data)).toEqual(read.data);
      }),
      { numRuns: RUNS, seed: 19_402 },
    );
  });
});
