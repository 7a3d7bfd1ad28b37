// Bad input (issue 19) for the wire codec: 100,000 generated cases per property, fixed seeds.
// Typed values survive encode → JSON → decode unchanged; whatever arrives (any JSON value, any text)
// is decoded or refused with the codec's own CodecError (or JSON's SyntaxError), never anything else;
// and what was decoded encodes back to what decodes the same.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AG_TYPES, decode, decodeLocalized, encode, parseAgJson, stringifyAgJson } from './codec.ts';
import { Binary, CalendarControlled, CodecError, Hidden, HydraReference, Localized, ObjectId } from './values.ts';

const RUNS = 100_000;
/** 100,000 cases take a few seconds; a busy machine (the whole suite on two cores) takes longer. */
const TIMEOUT = 60_000;

/** Runs `fn`; answers what it threw, or undefined. Anything but a CodecError fails the property. */
function refusal(fn: () => unknown): CodecError | undefined {
  try {
    fn();
    return undefined;
  } catch (error) {
    if (error instanceof CodecError) return error;
    throw error;
  }
}

const localeTag = fc.constantFrom('en-US', 'fr-FR', 'ar-AE', 'ja-JP', 'zh-TW', 'pt-BR');
const text = fc.string({ unit: 'binary', maxLength: 12 });
/**
 * Instants of years 0000 to 9999, to the millisecond. A Date outside them is encoded in ISO's
 * extended-year form (`-000001-12-31T…`, `+010000-01-01T…`), which the decoder refuses: a bug, shown
 * by the `it.fails` below; until it is fixed the round trip is checked within four-digit years.
 */
const date = fc.date({
  min: new Date('0000-01-01T00:00:00.000Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});
const key = fc
  .oneof(text, fc.constantFrom('_agValue', 'constructor', 'toString', 'slug', 'default'))
  .filter((k) => k !== '_agType' && k !== '__proto__');
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
const leaf = fc.oneof(
  text,
  fc.integer(),
  finite,
  fc.boolean(),
  fc.constant(null),
  date,
  fc.uint8Array({ maxLength: 24 }).map((b) => new Binary(b)),
  fc.stringMatching(/^[0-9a-f]{24}$/).map((v) => new ObjectId(v)),
  fc
    .tuple(text, text, fc.dictionary(localeTag, text, { maxKeys: 3 }))
    .map(([slug, value, l10n]) => new Localized(slug, value, l10n)),
);
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 3 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 3 }),
    fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => new CalendarControlled(a, b)),
    tie('tree').map((v) => new Hidden(v)),
    fc.tuple(text, text, tie('tree')).map(([m, r, v]) => new HydraReference(m, r, v)),
  ),
}));

/** JSON a client might send: plain values, typed values (well-formed or not), reserved keys. */
const typedName = fc.constantFrom(...AG_TYPES, 'mystery', '', 'DATETIME');
const { wire } = fc.letrec<{ wire: unknown }>((tie) => ({
  wire: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 1 }),
    fc.record({ _agType: typedName, _agValue: tie('wire') }),
    fc.record({ _agType: typedName, _agValue: fc.oneof(text, fc.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/)) }),
    fc.record({
      _agType: fc.constant('localized'),
      _agValue: fc.record(
        { slug: tie('wire'), default: tie('wire'), localizations: tie('wire') },
        { requiredKeys: [] },
      ),
    }),
    fc.record({
      _agType: fc.constant('hydra_reference'),
      _agValue: fc.record({ model_cls: tie('wire'), ref: tie('wire'), value: tie('wire') }, { requiredKeys: [] }),
    }),
    fc.record({ _agType: fc.jsonValue({ maxDepth: 0 }) }, { requiredKeys: [] }),
    fc.array(tie('wire'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom('__proto__', '_agType', '_agValue')), tie('wire'), { maxKeys: 3 }),
  ),
}));

describe('x-ag-json codec, 100,000 cases per property', { timeout: TIMEOUT }, () => {
  it('decode(encode(x)) equals x, through JSON text, for any value of the wire types', () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(parseAgJson(stringifyAgJson(value))).toEqual(value);
        expect(decode(encode(value))).toEqual(value);
      }),
      { numRuns: RUNS, seed: 19_001 },
    );
  });

  it('decodes any JSON value or refuses it with a CodecError, and what it decodes encodes back the same', () => {
    let roundTrips = 0;
    fc.assert(
      fc.property(wire, (value) => {
        let decoded: unknown;
        if (refusal(() => (decoded = decode(value)))) return;
        // A decoded value re-encodes (or, for a plain object that kept an `_agType` key the decoder
        // took as data, is refused by the encoder); what it encodes to decodes to the same value.
        let encoded: unknown;
        if (refusal(() => (encoded = encode(decoded)))) {
          expect(JSON.stringify(value)).toContain('"_agType"');
          return;
        }
        expect(decode(encoded)).toEqual(decoded);
        roundTrips++;
      }),
      { numRuns: RUNS, seed: 19_002 },
    );
    // Most generated values decode: the round trip is checked on many of them.
    expect(roundTrips).toBeGreaterThan(RUNS / 4);
  });

  it('parses any text or refuses it with a SyntaxError or a CodecError, and never pollutes prototypes', () => {
    const jsonText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      wire.map((v) => JSON.stringify(v)),
      fc.tuple(wire, fc.nat(), fc.string({ maxLength: 2 })).map(([v, at, insert]) => {
        const s = JSON.stringify(v);
        const cut = at % (s.length + 1);
        return s.slice(0, cut) + insert + s.slice(cut + 1);
      }),
    );
    fc.assert(
      fc.property(jsonText, (input) => {
        try {
          parseAgJson(input);
        } catch (error) {
          if (!(error instanceof SyntaxError) && !(error instanceof CodecError)) throw error;
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(Object.keys(Object.prototype)).toEqual([]);
      }),
      { numRuns: RUNS, seed: 19_003 },
    );
  });

  it('reads a localized value from anything, or refuses it with a CodecError', () => {
    fc.assert(
      fc.property(wire, (raw) => {
        let read: Localized | undefined;
        if (refusal(() => (read = decodeLocalized(raw)))) return;
        expect(read).toBeInstanceOf(Localized);
        expect(typeof read!.default).toBe('string');
        for (const value of Object.values(read!.localizations)) expect(typeof value).toBe('string');
        // Idempotent: its own wire form reads back the same.
        expect(decodeLocalized(encode(read, { plain: true }))).toEqual(read);
      }),
      { numRuns: RUNS, seed: 19_004 },
    );
  });

  it.fails('decodes what it encodes for a Date outside years 0000-9999 (bug: the decoder refuses it)', () => {
    for (const when of [new Date('-000001-12-31T23:59:59.999Z'), new Date('+010000-01-01T00:00:00.000Z')]) {
      expect(parseAgJson(stringifyAgJson({ when }))).toEqual({ when });
    }
  });
});
