// The typed values of the application/x-ag-json wire format (spec 001 §3 "Typed wire values").
// A Date stands for `datetime`; the classes below stand for the other types.

/** `binary`: raw bytes, base64 on the wire. */
export class Binary {
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }
}

/** `objectid`: a 24-hex-digit object id. */
export class ObjectId {
  readonly value: string;
  constructor(value: string) {
    if (!/^[0-9a-f]{24}$/.test(value)) throw new CodecError(`objectid must be 24 lower-case hex digits`);
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

/** `localized`: a text with its translations. A plain string reads as `default` with an empty slug. */
export class Localized {
  readonly slug: string;
  readonly default: string;
  readonly localizations: Readonly<Record<string, string>>;
  constructor(slug: string, defaultText: string, localizations: Record<string, string> = {}) {
    this.slug = slug;
    this.default = defaultText;
    this.localizations = localizations;
  }
  /** The text for a locale: exact tag, then same language, then the default. */
  resolve(locale: string): string {
    const exact = Object.keys(this.localizations).find((tag) => tag.toLowerCase() === locale.toLowerCase());
    if (exact !== undefined) return this.localizations[exact] ?? this.default;
    const language = locale.split('-')[0]?.toLowerCase();
    const sameLanguage = Object.keys(this.localizations).find((tag) => tag.split('-')[0]?.toLowerCase() === language);
    return sameLanguage === undefined ? this.default : (this.localizations[sameLanguage] ?? this.default);
  }
}

/** `calendar_controlled`: a value that changes with the calendar, with the one rendered now. */
export class CalendarControlled {
  readonly default: unknown;
  readonly rendered: unknown;
  constructor(defaultValue: unknown, rendered: unknown) {
    this.default = defaultValue;
    this.rendered = rendered;
  }
}

/** `hidden`: a value the server withholds or masks; `value` is what it chose to send, if anything. */
export class Hidden {
  readonly value: unknown;
  constructor(value: unknown = null) {
    this.value = value;
  }
}

/** `hydra_reference`: a reference to another stored object. */
export class HydraReference {
  readonly model_cls: string;
  readonly ref: string;
  readonly value: unknown;
  constructor(modelCls: string, ref: string, value: unknown = null) {
    this.model_cls = modelCls;
    this.ref = ref;
    this.value = value;
  }
}

export class CodecError extends Error {
  override name = 'CodecError';
}
