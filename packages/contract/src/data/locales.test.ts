import { describe, expect, it } from 'vitest';
import {
  BARE_LANGUAGE_DEFAULTS,
  DEFAULT_LOCALE,
  LOCALES,
  LOCALE_TAGS,
  REGION_GROUPS,
  REGION_GROUP_IDS,
  findLocale,
  isLocaleTag,
  localesInRegionGroup,
  negotiateLocale,
  resolveLocale,
} from './locales.ts';

describe('locale table', () => {
  it('has the 19 supported tags, unique, matching LOCALES in order', () => {
    expect(LOCALE_TAGS).toHaveLength(19);
    expect(new Set(LOCALE_TAGS).size).toBe(19);
    expect(LOCALES.map((l) => l.tag)).toEqual([...LOCALE_TAGS]);
  });

  it('defaults to en-US', () => {
    expect(DEFAULT_LOCALE).toBe('en-US');
    expect(findLocale(DEFAULT_LOCALE)?.name).toBe('English');
  });

  it('has exactly one right-to-left locale, ar-AE', () => {
    expect(LOCALES.filter((l) => l.direction === 'rtl').map((l) => l.tag)).toEqual(['ar-AE']);
  });

  it('has the date formats, names and region groups of the spec table', () => {
    const table = Object.fromEntries(LOCALES.map((l) => [l.tag, [l.regionGroup, l.name, l.dateFormat]]));
    expect(table).toEqual({
      'en-US': ['americas', 'English', 'MM/dd/yyyy'],
      'es-MX': ['americas', 'Spanish Latin America', 'dd/MM/yyyy'],
      'pt-BR': ['americas', 'Portuguese Brazil', 'dd/MM/yyyy'],
      'fr-FR': ['europe', 'French', 'dd/MM/yyyy'],
      'de-DE': ['europe', 'German', 'dd.MM.yyyy'],
      'it-IT': ['europe', 'Italian', 'dd/MM/yyyy'],
      'es-ES': ['europe', 'Spanish', 'dd/MM/yyyy'],
      'pl-PL': ['europe', 'Polish', 'dd.MM.yyyy'],
      'ru-RU': ['europe', 'Russian', 'dd.MM.yyyy'],
      'da-DK': ['europe', 'Danish', 'dd.MM.yyyy'],
      'tr-TR': ['europe', 'Turkish', 'dd.MM.yyyy'],
      'sv-SE': ['europe', 'Swedish', 'yyyy-MM-dd'],
      'no-NO': ['europe', 'Norwegian', 'dd.MM.yyyy'],
      'fi-FI': ['europe', 'Finnish', 'dd.MM.yyyy'],
      'ja-JP': ['asia_oceania', 'Japanese', 'yyyy/MM/dd'],
      'zh-TW': ['asia_oceania', 'Chinese traditional', 'yyyy.MM.dd'],
      'zh-CN': ['asia_oceania', 'Chinese simplified', 'yyyy.MM.dd'],
      'ko-KR': ['asia_oceania', 'Korean', 'yyyy/MM/dd'],
      'ar-AE': ['africa_middle_east', 'Arabic', 'dd/MM/yyyy'],
    });
  });

  it('has a native name for every locale', () => {
    for (const l of LOCALES) expect(l.nativeName.length).toBeGreaterThan(0);
    expect(findLocale('ar-AE')?.nativeName).toBe('العربية');
    expect(findLocale('ja-JP')?.nativeName).toBe('日本語');
    expect(findLocale('no-NO')?.nativeName).toBe('Norsk');
  });

  it('starts the week as the spec says', () => {
    const weekStart = (tag: string) => findLocale(tag)?.weekStart;
    for (const tag of ['pl-PL', 'ru-RU', 'sv-SE', 'tr-TR', 'zh-CN', 'zh-TW']) expect(weekStart(tag)).toBe(1);
    for (const tag of ['ja-JP', 'ko-KR', 'pt-BR']) expect(weekStart(tag)).toBe(0);
  });

  it('follows CLDR for the week start of the locales the spec does not name', () => {
    const named = new Set(['pl-PL', 'ru-RU', 'sv-SE', 'tr-TR', 'zh-CN', 'zh-TW', 'ja-JP', 'ko-KR', 'pt-BR']);
    for (const l of LOCALES.filter((x) => !named.has(x.tag))) {
      const info = new Intl.Locale(l.tag) as Intl.Locale & { getWeekInfo?: () => { firstDay: number } };
      const firstDay = info.getWeekInfo?.().firstDay;
      if (firstDay === undefined) continue;
      expect([l.tag, l.weekStart]).toEqual([l.tag, firstDay === 7 ? 0 : firstDay]);
    }
  });

  it('has a heading key and icon per region group, and every group has locales', () => {
    expect(REGION_GROUPS.map((g) => g.id)).toEqual([...REGION_GROUP_IDS]);
    for (const group of REGION_GROUPS) {
      expect(group.headingKey).toBe(`locale.region.${group.id}`);
      expect(group.icon).toMatch(/^globe-/);
      expect(localesInRegionGroup(group.id).length).toBeGreaterThan(0);
    }
    expect(localesInRegionGroup('africa_middle_east').map((l) => l.tag)).toEqual(['ar-AE']);
  });

  it('maps every bare language to a supported locale', () => {
    for (const tag of Object.values(BARE_LANGUAGE_DEFAULTS)) expect(isLocaleTag(tag)).toBe(true);
    expect(BARE_LANGUAGE_DEFAULTS).toMatchObject({ es: 'es-MX', pt: 'pt-BR', zh: 'zh-CN', nb: 'no-NO', nn: 'no-NO' });
  });
});

describe('findLocale', () => {
  it('finds tags case-insensitively and with underscores', () => {
    expect(findLocale('en-US')?.tag).toBe('en-US');
    expect(findLocale('EN-us')?.tag).toBe('en-US');
    expect(findLocale('zh_tw')?.tag).toBe('zh-TW');
    expect(findLocale(' pt-br ')?.tag).toBe('pt-BR');
  });

  it('yields undefined for unsupported locales', () => {
    expect(findLocale('xx-YY')).toBeUndefined();
    expect(findLocale('en-GB')).toBeUndefined();
    expect(findLocale('en')).toBeUndefined();
    expect(findLocale('')).toBeUndefined();
  });
});

describe('resolveLocale', () => {
  it('prefers the exact tag, then the bare-language default', () => {
    expect(resolveLocale('es-ES')?.tag).toBe('es-ES');
    expect(resolveLocale('en-GB')?.tag).toBe('en-US');
    expect(resolveLocale('pt')?.tag).toBe('pt-BR');
    expect(resolveLocale('pt-PT')?.tag).toBe('pt-BR');
    expect(resolveLocale('es-AR')?.tag).toBe('es-MX');
    expect(resolveLocale('es-419')?.tag).toBe('es-MX');
    expect(resolveLocale('nb-NO')?.tag).toBe('no-NO');
    expect(resolveLocale('DE_at')?.tag).toBe('de-DE');
  });

  it('resolves Chinese by script', () => {
    expect(resolveLocale('zh')?.tag).toBe('zh-CN');
    expect(resolveLocale('zh-Hans-SG')?.tag).toBe('zh-CN');
    expect(resolveLocale('zh-Hant')?.tag).toBe('zh-TW');
    expect(resolveLocale('zh-HK')?.tag).toBe('zh-TW');
  });

  it('yields undefined for unsupported languages and garbage', () => {
    for (const code of ['xx-YY', 'nl-NL', '', '*', 'en--US', '../etc', 'e', 'en-US; DROP']) {
      expect(resolveLocale(code)).toBeUndefined();
    }
  });
});

describe('negotiateLocale', () => {
  it('picks the best supported locale of an Accept-Language header', () => {
    expect(negotiateLocale('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr-FR');
    expect(negotiateLocale('de-DE')).toBe('de-DE');
    expect(negotiateLocale('nl-NL,nl;q=0.9,ja;q=0.5,en;q=0.4')).toBe('ja-JP');
  });

  it('ranks by q-value, keeping header order on ties', () => {
    expect(negotiateLocale('en;q=0.5, ko;q=0.8')).toBe('ko-KR');
    expect(negotiateLocale('it, es-ES')).toBe('it-IT');
    expect(negotiateLocale('sv;q=0.7, da;q=0.7')).toBe('sv-SE');
    expect(negotiateLocale('pl;q=1.0, ru;q=0.999')).toBe('pl-PL');
  });

  it('skips q=0, wildcards and malformed q-values', () => {
    expect(negotiateLocale('fr;q=0, de;q=0.1')).toBe('de-DE');
    expect(negotiateLocale('*, tr;q=0.2')).toBe('tr-TR');
    expect(negotiateLocale('fr;q=2, it;q=abc, fi;q=0.3')).toBe('fi-FI');
  });

  it('falls back to en-US for missing, empty or garbage headers', () => {
    expect(negotiateLocale(undefined)).toBe('en-US');
    expect(negotiateLocale('')).toBe('en-US');
    expect(negotiateLocale('*')).toBe('en-US');
    expect(negotiateLocale(';;;,,,q=1')).toBe('en-US');
    expect(negotiateLocale('nl-NL, xx')).toBe('en-US');
    expect(negotiateLocale('\u0000\uffff<script>')).toBe('en-US');
  });

  it('copes with very long headers', () => {
    const header = `${'xx-YY;q=0.9,'.repeat(100_000)}ja`;
    const started = performance.now();
    expect(negotiateLocale(header)).toBe('en-US');
    expect(negotiateLocale(`de,${header}`)).toBe('de-DE');
    expect(negotiateLocale('a'.repeat(1_000_000))).toBe('en-US');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
