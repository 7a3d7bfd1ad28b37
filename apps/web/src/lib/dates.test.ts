import { LOCALES } from '@portal/contract/data/locales';
import { describe, expect, it } from 'vitest';
import { datePlaceholder, formatCalendarDate, parseCalendarDate } from './dates.ts';

describe('locale date formats', () => {
  it('show a date in each locale pattern', () => {
    expect(formatCalendarDate('2026-03-09', 'en-US')).toBe('03/09/2026');
    expect(formatCalendarDate('2026-03-09', 'es-MX')).toBe('09/03/2026');
    expect(formatCalendarDate('2026-03-09', 'de-DE')).toBe('09.03.2026');
    expect(formatCalendarDate('2026-03-09', 'sv-SE')).toBe('2026-03-09');
    expect(formatCalendarDate('2026-03-09', 'ja-JP')).toBe('2026/03/09');
    expect(formatCalendarDate('2026-03-09', 'zh-CN')).toBe('2026.03.09');
    expect(formatCalendarDate('2026-03-09', 'ar-AE')).toBe('09/03/2026');
  });

  it('read what people type in their pattern, with any separator', () => {
    expect(parseCalendarDate('03/09/2026', 'en-US')).toBe('2026-03-09');
    expect(parseCalendarDate('09.03.2026', 'de-DE')).toBe('2026-03-09');
    expect(parseCalendarDate('9-3-2026', 'fr-FR')).toBe('2026-03-09');
    expect(parseCalendarDate('2026/3/9', 'ko-KR')).toBe('2026-03-09');
  });

  it('refuse impossible dates and other shapes', () => {
    expect(parseCalendarDate('02/30/2026', 'en-US')).toBeNull();
    expect(parseCalendarDate('13/01/2026', 'en-US')).toBeNull();
    expect(parseCalendarDate('01/02/26', 'en-US')).toBeNull();
    expect(parseCalendarDate('yesterday', 'en-US')).toBeNull();
  });

  // The week start of each locale is contract data (packages/contract/src/data/locales.test.ts).
  it("tell people the locale's format in their own letters, not the pattern's tokens", () => {
    expect(datePlaceholder('en-US')).toBe('MM/DD/YYYY');
    expect(datePlaceholder('de-DE')).toBe('TT.MM.JJJJ');
    expect(datePlaceholder('fr-FR')).toBe('JJ/MM/AAAA');
    expect(datePlaceholder('pl-PL')).toBe('DD.MM.RRRR');
    expect(datePlaceholder('ru-RU')).toBe('ДД.ММ.ГГГГ');
    expect(datePlaceholder('sv-SE')).toBe('ÅÅÅÅ-MM-DD');
    expect(datePlaceholder('ja-JP')).toBe('YYYY/MM/DD');
    expect(datePlaceholder('ar-AE')).toBe('يوم/شهر/سنة');
    for (const { tag } of LOCALES) expect(datePlaceholder(tag), tag).not.toMatch(/dd|yyyy/);
  });
});
