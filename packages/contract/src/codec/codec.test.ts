import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode, encode, parseAgJson, stringifyAgJson } from './codec.ts';
import { parseDatetime } from './datetime.ts';
import { Binary, CalendarControlled, CodecError, Hidden, HydraReference, Localized, ObjectId } from './values.ts';

const localeTag = fc.constantFrom('en-US', 'fr-FR', 'ar-AE', 'ja-JP', 'de-DE');
const date = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => new Date(d.getTime()));
const key = fc.string({ minLength: 1, maxLength: 8 }).filter((k) => k !== '_agType' && k !== '__proto__');
const finite = fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
const leaf = fc.oneof(
  fc.string(),
  fc.integer(),
  finite,
  fc.boolean(),
  fc.constant(null),
  date,
  fc.uint8Array({ maxLength: 40 }).map((b) => new Binary(b)),
  fc.stringMatching(/^[0-9a-f]{24}$/).map((v) => new ObjectId(v)),
  fc
    .tuple(fc.string(), fc.string(), fc.dictionary(localeTag, fc.string()))
    .map(([slug, text, l10n]) => new Localized(slug, text, l10n)),
);

const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 4 }),
    fc.dictionary(key, tie('tree'), { maxKeys: 4 }),
    fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => new CalendarControlled(a, b)),
    tie('tree').map((v) => new Hidden(v)),
    fc.tuple(fc.string(), fc.string(), tie('tree')).map(([m, r, v]) => new HydraReference(m, r, v)),
  ),
}));

describe('x-ag-json codec', () => {
  it('decode(encode(x)) equals x for any value, through a JSON round trip', () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(parseAgJson(stringifyAgJson(value))).toEqual(value);
      }),
      { numRuns: 500 },
    );
  });

  it('encodes each typed value with _agType and _agValue, nested anywhere', () => {
    const body = {
      when: new Date('2026-01-02T03:04:05.678Z'),
      list: [new ObjectId('0123456789abcdef01234567'), new Binary(new Uint8Array([1, 2, 255]))],
      title: new Localized('welcome', 'Welcome', { 'fr-FR': 'Bienvenue' }),
    };
    expect(encode(body)).toEqual({
      when: { _agType: 'datetime', _agValue: '2026-01-02T03:04:05.678Z' },
      list: [
        { _agType: 'objectid', _agValue: '0123456789abcdef01234567' },
        { _agType: 'binary', _agValue: 'AQL/' },
      ],
      title: {
        _agType: 'localized',
        _agValue: { slug: 'welcome', default: 'Welcome', localizations: { 'fr-FR': 'Bienvenue' } },
      },
    });
  });

  it('reads a plain-string localized value as the default with an empty slug', () => {
    expect(decode({ _agType: 'localized', _agValue: 'Hello' })).toEqual(new Localized('', 'Hello', {}));
  });

  it('sends localized values as resolved text when localizations are not expanded', () => {
    const title = new Localized('t', 'Welcome', { 'fr-FR': 'Bienvenue', 'es-MX': 'Bienvenido' });
    expect(encode({ title }, { expandLocalizations: false, locale: 'fr-FR' })).toEqual({ title: 'Bienvenue' });
    expect(encode({ title }, { expandLocalizations: false, locale: 'es-ES' })).toEqual({ title: 'Bienvenido' });
    expect(encode({ title }, { expandLocalizations: false, locale: 'ja-JP' })).toEqual({ title: 'Welcome' });
  });

  it('tolerates +HHMM offsets without a colon', () => {
    const d = decode({ _agType: 'datetime', _agValue: '2026-03-01T10:00:00+0130' });
    expect((d as Date).toISOString()).toBe('2026-03-01T08:30:00.000Z');
    expect(parseDatetime('2026-03-01T10:00:00-05:00').toISOString()).toBe('2026-03-01T15:00:00.000Z');
  });

  it('refuses malformed typed values with a CodecError', () => {
    expect(() => decode({ _agType: 'datetime', _agValue: 'yesterday' })).toThrow(CodecError);
    expect(() => decode({ _agType: 'datetime', _agValue: '2026-02-31T00:00:00Z' })).toThrow(CodecError);
    expect(() => decode({ _agType: 'binary', _agValue: 'not base64!' })).toThrow(CodecError);
    expect(() => decode({ _agType: 'objectid', _agValue: 'xyz' })).toThrow(CodecError);
    expect(() => decode({ _agType: 'mystery', _agValue: 1 })).toThrow(CodecError);
    expect(() => decode({ _agType: 'localized', _agValue: 42 })).toThrow(CodecError);
  });

  it('refuses values nested beyond the depth limit', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    expect(() => decode(deep)).toThrow(CodecError);
  });

  it('drops __proto__ keys instead of polluting prototypes', () => {
    const decoded = decode(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')) as Record<string, unknown>;
    expect(decoded).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('plain JSON encoding', () => {
  it('writes typed values without wrappers for application/json clients', () => {
    const value = {
      when: new Date('2026-01-02T03:04:05.000Z'),
      id: new ObjectId('0123456789abcdef01234567'),
      data: new Binary(new Uint8Array([1, 2, 255])),
      title: new Localized('t', 'Hi', { 'fr-FR': 'Salut' }),
      secret: new Hidden('***'),
    };
    expect(encode(value, { plain: true })).toEqual({
      when: '2026-01-02T03:04:05.000Z',
      id: '0123456789abcdef01234567',
      data: 'AQL/',
      title: { slug: 't', default: 'Hi', localizations: { 'fr-FR': 'Salut' } },
      secret: '***',
    });
  });
});
