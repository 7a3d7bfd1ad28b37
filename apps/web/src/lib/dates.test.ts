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
  it('give the placeholder of the locale', () => {
    expect(datePlaceholder('pl-PL')).toBe('dd.MM.yyyy');
  });
});
