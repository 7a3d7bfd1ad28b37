// Dates shown and entered in the locale's own format (spec 001 §9 table: MM/dd/yyyy, dd.MM.yyyy,
// yyyy-MM-dd ...), told to people in their own letters (MM/DD/YYYY, TT.MM.JJJJ...), and the first day
// of its week. Calendar dates are `yyyy-MM-dd` strings on the wire.
import { findLocale } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';

function patternOf(locale: string): string {
  return findLocale(locale)?.dateFormat ?? 'MM/dd/yyyy';
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `2026-03-09` → `03/09/2026` (en-US), `09.03.2026` (de-DE), `2026/03/09` (ja-JP)... */
export function formatCalendarDate(isoDate: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const [, y, m, d] = match;
  return patternOf(locale)
    .replace('yyyy', y as string)
    .replace('MM', m as string)
    .replace('dd', d as string);
}

export function formatDate(date: Date, locale: string): string {
  return formatCalendarDate(
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`,
    locale,
  );
}

/**
 * A moment as a person reads it in their language, with the time and the zone it is told in: "March 9,
 * 2026 at 3:04 PM GMT+1", "9 مارس 2026 في 3:04 م غرينتش+4"... (Intl.DateTimeFormat of the UI language).
 */
export function formatDateTime(date: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(date);
}

/** What a person typed in the locale's format → `yyyy-MM-dd`, or null when it is not a real date. */
export function parseCalendarDate(input: string, locale: string): string | null {
  const pattern = patternOf(locale);
  const order = ['yyyy', 'MM', 'dd'].sort((a, b) => pattern.indexOf(a) - pattern.indexOf(b));
  const parts = input
    .trim()
    .split(/[^0-9]+/)
    .filter(Boolean);
  if (parts.length !== 3) return null;
  const values: Record<string, string> = {};
  order.forEach((token, i) => (values[token] = parts[i] as string));
  const year = Number(values.yyyy);
  const month = Number(values.MM);
  const day = Number(values.dd);
  if (!/^\d{4}$/.test(values.yyyy ?? '') || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  const check = new Date(`${iso}T00:00:00Z`);
  return check.getUTCMonth() + 1 === month && check.getUTCDate() === day ? iso : null;
}

/**
 * The letters people of each language write a date's day, month and year with, in a date format
 * such as DD/MM/YYYY (German TT.MM.JJJJ, French JJ/MM/AAAA, Russian ДД.ММ.ГГГГ...).
 */
const DATE_LETTERS: Readonly<Record<LocaleTag, { day: string; month: string; year: string }>> = {
  'en-US': { day: 'DD', month: 'MM', year: 'YYYY' },
  'es-MX': { day: 'DD', month: 'MM', year: 'AAAA' },
  'pt-BR': { day: 'DD', month: 'MM', year: 'AAAA' },
  'fr-FR': { day: 'JJ', month: 'MM', year: 'AAAA' },
  'de-DE': { day: 'TT', month: 'MM', year: 'JJJJ' },
  'it-IT': { day: 'GG', month: 'MM', year: 'AAAA' },
  'es-ES': { day: 'DD', month: 'MM', year: 'AAAA' },
  'pl-PL': { day: 'DD', month: 'MM', year: 'RRRR' },
  'ru-RU': { day: 'ДД', month: 'ММ', year: 'ГГГГ' },
  'da-DK': { day: 'DD', month: 'MM', year: 'ÅÅÅÅ' },
  'tr-TR': { day: 'GG', month: 'AA', year: 'YYYY' },
  'sv-SE': { day: 'DD', month: 'MM', year: 'ÅÅÅÅ' },
  'no-NO': { day: 'DD', month: 'MM', year: 'ÅÅÅÅ' },
  'fi-FI': { day: 'PP', month: 'KK', year: 'VVVV' },
  'ja-JP': { day: 'DD', month: 'MM', year: 'YYYY' },
  'zh-TW': { day: 'DD', month: 'MM', year: 'YYYY' },
  'zh-CN': { day: 'DD', month: 'MM', year: 'YYYY' },
  'ko-KR': { day: 'DD', month: 'MM', year: 'YYYY' },
  'ar-AE': { day: 'يوم', month: 'شهر', year: 'سنة' },
};

/**
 * How a date is typed in the locale, for people: its pattern with the language's own letters, e.g.
 * `MM/DD/YYYY` (en-US), `TT.MM.JJJJ` (de-DE), `ÅÅÅÅ-MM-DD` (sv-SE). The hint and placeholder of
 * every date field, and the message of a date that cannot be read.
 */
export function datePlaceholder(locale: string): string {
  const letters = DATE_LETTERS[findLocale(locale)?.tag ?? 'en-US'];
  return patternOf(locale).replace('yyyy', letters.year).replace('MM', letters.month).replace('dd', letters.day);
}
