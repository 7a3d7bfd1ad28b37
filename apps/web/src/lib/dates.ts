// Dates shown and entered in the locale's own format (spec 001 §9 table: MM/dd/yyyy, dd.MM.yyyy,
// yyyy-MM-dd ...), and the first day of its week. Calendar dates are `yyyy-MM-dd` strings on the wire.
import { findLocale } from '@portal/contract/data/locales';

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

/** The placeholder of a date field, from the locale's pattern (e.g. `dd.MM.yyyy`). */
export function datePlaceholder(locale: string): string {
  return patternOf(locale);
}
