// The supported interface languages (spec 001 §9 "Supported interface languages", spec 000 §9).

/** The region groups the language picker is divided into, in display order. */
export const REGION_GROUP_IDS = ['americas', 'europe', 'asia_oceania', 'africa_middle_east'] as const;
export type RegionGroupId = (typeof REGION_GROUP_IDS)[number];

/** A heading of the language picker: its translation key and its globe-style icon name. */
export interface RegionGroupInfo {
  readonly id: RegionGroupId;
  readonly headingKey: `locale.region.${RegionGroupId}`;
  readonly icon: string;
}

/**
 * The language picker's region groups, in display order, each with its heading translation key and icon.
 * Icon names follow the Bootstrap Icons globe set; Europe and "Africa (Middle East)" share the globe that
 * shows Europe and Africa.
 */
export const REGION_GROUPS: readonly RegionGroupInfo[] = [
  { id: 'americas', headingKey: 'locale.region.americas', icon: 'globe-americas' },
  { id: 'europe', headingKey: 'locale.region.europe', icon: 'globe-europe-africa' },
  { id: 'asia_oceania', headingKey: 'locale.region.asia_oceania', icon: 'globe-asia-australia' },
  { id: 'africa_middle_east', headingKey: 'locale.region.africa_middle_east', icon: 'globe-europe-africa' },
];

/** The 19 supported locale tags, in the order of the spec table. */
export const LOCALE_TAGS = [
  'en-US',
  'es-MX',
  'pt-BR',
  'fr-FR',
  'de-DE',
  'it-IT',
  'es-ES',
  'pl-PL',
  'ru-RU',
  'da-DK',
  'tr-TR',
  'sv-SE',
  'no-NO',
  'fi-FI',
  'ja-JP',
  'zh-TW',
  'zh-CN',
  'ko-KR',
  'ar-AE',
] as const;
export type LocaleTag = (typeof LOCALE_TAGS)[number];

/** Default and fallback locale. */
export const DEFAULT_LOCALE = 'en-US' satisfies LocaleTag;

/** The date patterns used by the supported locales (Unicode/date-fns tokens). */
export type DateFormat = 'MM/dd/yyyy' | 'dd/MM/yyyy' | 'dd.MM.yyyy' | 'yyyy-MM-dd' | 'yyyy/MM/dd' | 'yyyy.MM.dd';

/** Text direction. */
export type TextDirection = 'ltr' | 'rtl';

/** First day of the week: 0 = Sunday, 1 = Monday (as `Date.prototype.getDay`). */
export type WeekStart = 0 | 1;

/** One supported locale. */
export interface LocaleInfo {
  readonly tag: LocaleTag;
  readonly regionGroup: RegionGroupId;
  /** English name, as in the spec table. */
  readonly name: string;
  /** The name in the language itself (endonym), as shown in the language picker. */
  readonly nativeName: string;
  readonly dateFormat: DateFormat;
  readonly direction: TextDirection;
  readonly weekStart: WeekStart;
}

/**
 * The supported locales, in the order of the spec table.
 *
 * Week starts: the spec names Monday for pl, ru, sv, tr, zh-CN and zh-TW, and Sunday for ja, ko and pt-BR
 * (zh-TW is Monday by the spec although CLDR says Sunday). The others follow CLDR 47 (Node 24's
 * `Intl.Locale#getWeekInfo`): Sunday for en-US and es-MX; Monday for fr-FR, de-DE, it-IT, es-ES, da-DK,
 * no-NO, fi-FI and ar-AE.
 */
export const LOCALES: readonly LocaleInfo[] = [
  locale('en-US', 'americas', 'English', 'English', 'MM/dd/yyyy', 0),
  locale('es-MX', 'americas', 'Spanish Latin America', 'Español (Latinoamérica)', 'dd/MM/yyyy', 0),
  locale('pt-BR', 'americas', 'Portuguese Brazil', 'Português (Brasil)', 'dd/MM/yyyy', 0),
  locale('fr-FR', 'europe', 'French', 'Français', 'dd/MM/yyyy', 1),
  locale('de-DE', 'europe', 'German', 'Deutsch', 'dd.MM.yyyy', 1),
  locale('it-IT', 'europe', 'Italian', 'Italiano', 'dd/MM/yyyy', 1),
  locale('es-ES', 'europe', 'Spanish', 'Español (España)', 'dd/MM/yyyy', 1),
  locale('pl-PL', 'europe', 'Polish', 'Polski', 'dd.MM.yyyy', 1),
  locale('ru-RU', 'europe', 'Russian', 'Русский', 'dd.MM.yyyy', 1),
  locale('da-DK', 'europe', 'Danish', 'Dansk', 'dd.MM.yyyy', 1),
  locale('tr-TR', 'europe', 'Turkish', 'Türkçe', 'dd.MM.yyyy', 1),
  locale('sv-SE', 'europe', 'Swedish', 'Svenska', 'yyyy-MM-dd', 1),
  locale('no-NO', 'europe', 'Norwegian', 'Norsk', 'dd.MM.yyyy', 1),
  locale('fi-FI', 'europe', 'Finnish', 'Suomi', 'dd.MM.yyyy', 1),
  locale('ja-JP', 'asia_oceania', 'Japanese', '日本語', 'yyyy/MM/dd', 0),
  locale('zh-TW', 'asia_oceania', 'Chinese traditional', '繁體中文', 'yyyy.MM.dd', 1),
  locale('zh-CN', 'asia_oceania', 'Chinese simplified', '简体中文', 'yyyy.MM.dd', 1),
  locale('ko-KR', 'asia_oceania', 'Korean', '한국어', 'yyyy/MM/dd', 0),
  locale('ar-AE', 'africa_middle_east', 'Arabic', 'العربية', 'dd/MM/yyyy', 1, 'rtl'),
];

function locale(
  tag: LocaleTag,
  regionGroup: RegionGroupId,
  name: string,
  nativeName: string,
  dateFormat: DateFormat,
  weekStart: WeekStart,
  direction: TextDirection = 'ltr',
): LocaleInfo {
  return { tag, regionGroup, name, nativeName, dateFormat, direction, weekStart };
}

/**
 * The locale a bare language code stands for (spec 001 §9 "Bare-language default mapping"). Norwegian Bokmål
 * (nb) and Nynorsk (nn) also map to no-NO.
 */
export const BARE_LANGUAGE_DEFAULTS: Readonly<Record<string, LocaleTag>> = {
  ar: 'ar-AE',
  da: 'da-DK',
  de: 'de-DE',
  en: 'en-US',
  es: 'es-MX',
  fi: 'fi-FI',
  fr: 'fr-FR',
  it: 'it-IT',
  ja: 'ja-JP',
  ko: 'ko-KR',
  nb: 'no-NO',
  nn: 'no-NO',
  no: 'no-NO',
  pl: 'pl-PL',
  pt: 'pt-BR',
  ru: 'ru-RU',
  sv: 'sv-SE',
  tr: 'tr-TR',
  zh: 'zh-CN',
};

const LOCALES_BY_LOWER_TAG: ReadonlyMap<string, LocaleInfo> = new Map(LOCALES.map((l) => [l.tag.toLowerCase(), l]));
const BARE_LANGUAGES: ReadonlyMap<string, LocaleTag> = new Map(Object.entries(BARE_LANGUAGE_DEFAULTS));

/** Language tags as accepted here: a 2-3 letter language, then subtags of 1-8 letters or digits. */
const TAG_PATTERN = /^[a-z]{2,3}(?:[-_][a-z0-9]{1,8})*$/i;

/** Chinese subtags (script or region) that mean traditional Chinese. */
const TRADITIONAL_CHINESE_SUBTAGS: ReadonlySet<string> = new Set(['hant', 'tw', 'hk', 'mo']);

/** Is this string one of the supported locale tags (exact spelling)? */
export function isLocaleTag(value: unknown): value is LocaleTag {
  return typeof value === 'string' && (LOCALE_TAGS as readonly string[]).includes(value);
}

/**
 * The supported locale with exactly this tag, case-insensitively; '_' is accepted for '-'.
 * Unsupported tags (including other regions of a supported language, such as en-GB) give undefined.
 */
export function findLocale(code: string): LocaleInfo | undefined {
  if (typeof code !== 'string') return undefined;
  return LOCALES_BY_LOWER_TAG.get(code.trim().replaceAll('_', '-').toLowerCase());
}

/**
 * The supported locale for a language tag: the exact tag if supported, else the default locale of its
 * language (en-GB → en-US, pt → pt-BR), else undefined. Chinese with a traditional script or a
 * traditional-script region (zh-Hant, zh-HK, zh-MO) resolves to zh-TW rather than the bare default zh-CN.
 */
export function resolveLocale(code: string): LocaleInfo | undefined {
  if (typeof code !== 'string') return undefined;
  const trimmed = code.trim();
  if (trimmed.length > 64 || !TAG_PATTERN.test(trimmed)) return undefined;
  const exact = findLocale(trimmed);
  if (exact !== undefined) return exact;
  const [language = '', ...subtags] = trimmed.toLowerCase().split(/[-_]/);
  if (language === 'zh' && subtags.some((subtag) => TRADITIONAL_CHINESE_SUBTAGS.has(subtag))) {
    return findLocale('zh-TW');
  }
  const tag = BARE_LANGUAGES.get(language);
  return tag === undefined ? undefined : findLocale(tag);
}

/** Longest Accept-Language header read, and most entries considered; the rest is ignored. */
const MAX_HEADER_LENGTH = 4096;
const MAX_HEADER_ENTRIES = 64;

const QUALITY_PATTERN = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/**
 * The best supported locale for an HTTP Accept-Language header: entries are ranked by q-value (ties keep
 * header order), entries with q=0 or a malformed q are skipped, and the first entry `resolveLocale` accepts
 * wins. Falls back to the default locale for a missing, empty or unusable header.
 */
export function negotiateLocale(acceptLanguageHeader: string | undefined): LocaleTag {
  if (typeof acceptLanguageHeader !== 'string') return DEFAULT_LOCALE;
  const entries = acceptLanguageHeader.slice(0, MAX_HEADER_LENGTH).split(',', MAX_HEADER_ENTRIES);
  const candidates: { tag: string; quality: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    const [tag = '', ...params] = entry.split(';').map((part) => part.trim());
    if (tag === '' || tag === '*') return;
    let quality = 1;
    for (const param of params) {
      if (!/^q=/i.test(param)) continue;
      const match = QUALITY_PATTERN.exec(param);
      if (match === null) return;
      quality = Number(match[1]);
    }
    if (quality > 0) candidates.push({ tag, quality, index });
  });
  candidates.sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const candidate of candidates) {
    const found = resolveLocale(candidate.tag);
    if (found !== undefined) return found.tag;
  }
  return DEFAULT_LOCALE;
}

/** The supported locales of one region group, in table order. */
export function localesInRegionGroup(group: RegionGroupId): readonly LocaleInfo[] {
  return LOCALES.filter((l) => l.regionGroup === group);
}
