// application/x-ag-json: JSON in which typed values travel as {"_agType": ..., "_agValue": ...}.
// encode() turns Dates and the classes of values.ts into that form, anywhere in a value;
// decode() does the reverse. Both walk arrays and plain objects to any depth.
import { base64ToBytes, bytesToBase64 } from './base64.ts';
import { formatDatetime, parseDatetime } from './datetime.ts';
import { Binary, CalendarControlled, CodecError, Hidden, HydraReference, Localized, ObjectId } from './values.ts';

export const AG_JSON = 'application/x-ag-json';
export const AG_TYPES = [
  'datetime',
  'binary',
  'objectid',
  'localized',
  'calendar_controlled',
  'hidden',
  'hydra_reference',
] as const;
export type AgType = (typeof AG_TYPES)[number];

const MAX_DEPTH = 64;

export interface EncodeOptions {
  /** When false, localized values are sent as their text for `locale` (expand_localizations=False). */
  expandLocalizations?: boolean;
  locale?: string;
  /**
   * Plain JSON for clients that asked for application/json: typed values are written as their bare
   * `_agValue` (ISO strings, base64, id strings, objects) without the type wrapper.
   */
  plain?: boolean;
}

export function encode(value: unknown, options: EncodeOptions = {}, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) throw new CodecError('value nested too deeply');
  // Arrays and plain objects first: they are most of every answer. No closures and no entry arrays
  // per value: an answer of a few hundred values is encoded on every request.
  if (Array.isArray(value)) {
    const out: unknown[] = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = encode(value[i], options, depth + 1);
    return out;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) {
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key in record) {
      if (!Object.hasOwn(record, key)) continue;
      if (key === '_agType') throw new CodecError('plain objects may not use the reserved key _agType');
      const item = record[key];
      if (item !== undefined) out[key] = encode(item, options, depth + 1);
    }
    return out;
  }
  return encodeTyped(value, options, depth);
}

/** A Date or a value of values.ts in its wire form (or its bare value when `plain`). */
function encodeTyped(value: object, options: EncodeOptions, depth: number): unknown {
  const typed = (type: AgType, wireValue: unknown) =>
    options.plain ? wireValue : { _agType: type, _agValue: wireValue };
  const next = (v: unknown): unknown => encode(v, options, depth + 1);
  if (value instanceof Date) return typed('datetime', formatDatetime(value));
  if (value instanceof Binary) return typed('binary', bytesToBase64(value.bytes));
  if (value instanceof ObjectId) return typed('objectid', value.value);
  if (value instanceof Localized) {
    if (options.expandLocalizations === false) return value.resolve(options.locale ?? 'en-US');
    return typed('localized', { slug: value.slug, default: value.default, localizations: { ...value.localizations } });
  }
  if (value instanceof CalendarControlled) {
    return typed('calendar_controlled', { default: next(value.default), rendered: next(value.rendered) });
  }
  if (value instanceof Hidden) return typed('hidden', next(value.value));
  if (value instanceof HydraReference) {
    return typed('hydra_reference', { model_cls: value.model_cls, ref: value.ref, value: next(value.value) });
  }
  // Another class: its own enumerable properties, as before.
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '_agType') throw new CodecError('plain objects may not use the reserved key _agType');
    if (item !== undefined) out[key] = next(item);
  }
  return out;
}

export function decode(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) throw new CodecError('value nested too deeply');
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => decode(item, depth + 1));
  const record = value as Record<string, unknown>;
  if (typeof record._agType === 'string' && '_agValue' in record) {
    return decodeTyped(record._agType, record._agValue, depth);
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    // Guard against prototype pollution through crafted keys.
    if (key === '__proto__') continue;
    out[key] = decode(item, depth + 1);
  }
  return out;
}

function decodeTyped(type: string, raw: unknown, depth: number): unknown {
  switch (type) {
    case 'datetime':
      return parseDatetime(expectString(raw, type));
    case 'binary':
      return new Binary(base64ToBytes(expectString(raw, type)));
    case 'objectid':
      return new ObjectId(expectString(raw, type));
    case 'localized':
      return decodeLocalized(raw);
    case 'calendar_controlled': {
      const v = expectObject(raw, type);
      return new CalendarControlled(decode(v.default, depth + 1), decode(v.rendered, depth + 1));
    }
    case 'hidden':
      return new Hidden(decode(raw, depth + 1));
    case 'hydra_reference': {
      const v = expectObject(raw, type);
      return new HydraReference(
        expectString(v.model_cls, 'hydra_reference.model_cls'),
        expectString(v.ref, 'hydra_reference.ref'),
        decode(v.value ?? null, depth + 1),
      );
    }
    default:
      throw new CodecError(`unknown _agType ${JSON.stringify(type.slice(0, 40))}`);
  }
}

/** Reads a localized value from its wire form: a plain string, or {slug, default, localizations}. */
export function decodeLocalized(raw: unknown): Localized {
  if (typeof raw === 'string') return new Localized('', raw, {});
  const v = expectObject(raw, 'localized');
  const localizations: Record<string, string> = {};
  if (v.localizations !== undefined && v.localizations !== null) {
    for (const [tag, text] of Object.entries(expectObject(v.localizations, 'localized.localizations'))) {
      if (tag !== '__proto__') localizations[tag] = expectString(text, 'localized.localizations');
    }
  }
  return new Localized(
    typeof v.slug === 'string' ? v.slug : '',
    expectString(v.default ?? '', 'localized.default'),
    localizations,
  );
}

function expectString(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new CodecError(`${what} must be a string`);
  return value;
}

function expectObject(value: unknown, what: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new CodecError(`${what} must be an object`);
  }
  return value as Record<string, unknown>;
}

/** Serializes a value as an application/x-ag-json body. */
export function stringifyAgJson(value: unknown, options?: EncodeOptions): string {
  return JSON.stringify(encode(value, options));
}

/** Parses an application/x-ag-json body. */
export function parseAgJson(text: string): unknown {
  return decode(JSON.parse(text));
}
