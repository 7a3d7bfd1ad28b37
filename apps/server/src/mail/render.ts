// Renders a template in a locale as subject, text and HTML. Every value put into the HTML is escaped.
// A count is said in the plural form the locale's language gives it (Intl.PluralRules: Arabic has
// six, Japanese one), and a code's or link's lifetime in the unit people use: 10 minutes, 24 hours,
// 2 days.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findLocale, LOCALE_TAGS } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { interpolate } from '@portal/contract/errors/wire-error';
import { TEMPLATES } from './templates.ts';
import type { TemplateData, TemplateName, TemplateShape } from './templates.ts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Table = Record<string, string>;
const tables = new Map<string, Table>(
  LOCALE_TAGS.map((tag) => [
    tag,
    JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${tag}.json`), 'utf8')) as Table,
  ]),
);

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface RenderOptions {
  brand: string;
  supportUrl: string;
}

export function renderMail(
  template: TemplateName,
  locale: LocaleTag,
  data: TemplateData,
  options: RenderOptions,
): RenderedMail {
  const shape: TemplateShape = TEMPLATES[template];
  const table = tables.get(locale) ?? (tables.get('en-US') as Table);
  const english = tables.get('en-US') as Table;
  const values: Record<string, unknown> = {
    ...data,
    brand: options.brand,
    supportUrl: options.supportUrl,
    date: data.date ? formatDate(data.date, locale) : undefined,
  };
  const t = (key: string) => interpolate(table[key] ?? english[key] ?? key, values);
  const has = (key: string) => (table[key] ?? english[key]) !== undefined;
  /** The form of a message with a count (`<base>.<plural category>`) for `count`, with it filled in. */
  const plural = (base: string, count: number) => {
    const form = `${base}.${new Intl.PluralRules(locale).select(count)}`;
    const text = table[form] ?? table[`${base}.other`] ?? english[`${base}.other`] ?? base;
    return interpolate(text, { count: new Intl.NumberFormat(locale, { useGrouping: false }).format(count) });
  };
  if (data.minutes !== undefined) {
    const { unit, count } = lifetime(data.minutes);
    values.duration = plural(`mail.duration.${unit}`, count);
  }

  const subject = t(`mail.${template}.subject`);
  const heading = t(`mail.${template}.heading`);
  const body = t(`mail.${template}.body`);
  const expiry = shape.expires && data.minutes !== undefined ? t(`mail.${shape.expires}.expires`) : undefined;
  const action = shape.action && data.link && has(`mail.${template}.action`) ? t(`mail.${template}.action`) : undefined;
  const optOut = shape.optOut && data.optOutUrl ? t(`mail.${template}.opt_out`) : undefined;
  // A notice of what was done (a password changed, an account deleted) is not to be ignored.
  const footer = [
    t('mail.footer.reason'),
    ...(shape.notice ? [] : [t('mail.footer.ignore')]),
    t('mail.footer.support'),
  ];
  // A template's list (the saves of a consolidation): one translated line per item.
  const items = (data.items ?? []).map((item) =>
    interpolate(table[`mail.${template}.${item.kind}`] ?? english[`mail.${template}.${item.kind}`] ?? item.kind, {
      ...values,
      game: item.game,
    }),
  );

  const text = [
    heading,
    '',
    body,
    ...(items.length > 0 ? ['', ...items.map((item) => `- ${item}`)] : []),
    ...(shape.code && data.code ? ['', data.code] : []),
    ...(data.link ? ['', data.link] : []),
    ...(expiry ? ['', expiry] : []),
    '',
    '--',
    ...footer,
    ...(optOut ? [optOut] : []),
  ].join('\n');

  const direction = findLocale(locale)?.direction ?? 'ltr';
  const align = direction === 'rtl' ? 'right' : 'left';
  const html = `<!doctype html>
<html lang="${locale}" dir="${direction}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f6;font-family:Arial,Helvetica,sans-serif;color:#1d1d24">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f6;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;text-align:${align}">
<tr><td style="background:#f47e2a;color:#1d1d24;padding:16px 24px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(options.brand)}</td></tr>
<tr><td style="padding:24px">
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<p style="font-size:16px;line-height:1.5;margin:0 0 16px">${escapeHtml(body)}</p>
${items.length > 0 ? `<ul style="font-size:16px;line-height:1.5;margin:0 0 16px">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
${shape.code && data.code ? `<p style="font-size:32px;letter-spacing:6px;font-weight:bold;margin:0 0 16px" dir="ltr">${escapeHtml(data.code)}</p>` : ''}
${action && data.link ? `<p style="margin:0 0 16px"><a href="${escapeHtml(data.link)}" style="display:inline-block;background:#f47e2a;color:#1d1d24;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>` : ''}
${data.link ? `<p style="font-size:13px;color:#55556a;margin:0 0 16px">${escapeHtml(t('mail.link.fallback'))}<br><span dir="ltr" style="word-break:break-all">${escapeHtml(data.link)}</span></p>` : ''}
${expiry ? `<p style="font-size:14px;color:#55556a;margin:0 0 16px">${escapeHtml(expiry)}</p>` : ''}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4ea;font-size:12px;color:#55556a;line-height:1.5">
${footer.map((line) => `<p style="margin:0 0 8px">${escapeHtml(line)}</p>`).join('\n')}
${optOut && data.optOutUrl ? `<p style="margin:0"><a href="${escapeHtml(data.optOutUrl)}" style="color:#55556a">${escapeHtml(optOut)}</a></p>` : ''}
</td></tr>
</table></td></tr></table>
</body></html>`;
  return { subject, text, html };
}

/** A lifetime in minutes in the unit people say it in: whole days from 2 days, whole hours from 1 hour. */
export function lifetime(minutes: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (minutes >= 2 * 24 * 60 && minutes % (24 * 60) === 0) return { unit: 'days', count: minutes / (24 * 60) };
  if (minutes >= 60 && minutes % 60 === 0) return { unit: 'hours', count: minutes / 60 };
  return { unit: 'minutes', count: minutes };
}

function formatDate(date: Date, locale: LocaleTag): string {
  return (
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' UTC'
  );
}
