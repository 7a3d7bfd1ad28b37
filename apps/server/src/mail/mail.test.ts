import { LOCALE_TAGS } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { describe, expect, it } from 'vitest';
import { renderMail } from './render.ts';
import { TEMPLATES } from './templates.ts';
import type { TemplateName } from './templates.ts';

const options = { brand: 'Aurora Games', supportUrl: 'https://support.example.com/' };
const data = {
  code: '482913',
  link: 'https://accounts.example.com/reset-password?token=abc',
  minutes: 15,
  date: new Date('2026-11-22T10:00:00Z'),
  username: 'StarPilot',
  newEmail: 'new@example.com',
  platform: 'PlayStation Network',
  passkey: 'Work laptop',
  optOutUrl: 'https://accounts.example.com/email-notifications?token=t',
};

describe('mail templates', () => {
  it('render in every locale with every placeholder filled', () => {
    for (const locale of LOCALE_TAGS) {
      for (const template of Object.keys(TEMPLATES) as TemplateName[]) {
        const mail = renderMail(template, locale, data, options);
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part, `${locale} ${template}`).not.toMatch(/\{\{|mail\.[a-z_]+\./);
        }
        expect(mail.subject.length, `${locale} ${template}`).toBeGreaterThan(3);
      }
    }
  });

  it('put codes and links in both the text and the HTML', () => {
    const mail = renderMail('verify_email', 'en-US', data, options);
    expect(mail.subject).toBe('Verify your email address for Aurora Games');
    expect(mail.text).toContain('482913');
    expect(mail.text).toContain(data.link);
    expect(mail.html).toContain('482913');
    expect(mail.html).toContain('href="https://accounts.example.com/reset-password?token=abc"');
    expect(mail.text).toContain('The code expires in 15 minutes.');
  });

  it('are translated', () => {
    const en = renderMail('sign_in_code', 'en-US', data, options);
    const ja = renderMail('sign_in_code', 'ja-JP', data, options);
    expect(ja.subject).not.toBe(en.subject);
    expect(ja.subject).toContain('482913');
    expect(ja.html).toContain('lang="ja-JP"');
  });

  it('write Arabic mails right to left', () => {
    const mail = renderMail('password_reset', 'ar-AE', data, options);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('text-align:right');
  });

  it("say a code's or link's lifetime in the unit people use: the unlock link's day is 24 hours", () => {
    const expiry = (template: TemplateName, minutes: number) =>
      renderMail(template, 'en-US', { ...data, minutes }, options)
        .text.split('\n')
        .find((line) => line.includes('expires'));
    expect(expiry('unlock', 1440)).toBe('The link expires in 24 hours.');
    expect(expiry('password_reset', 60)).toBe('The link expires in 1 hour.');
    expect(expiry('sign_in_code', 10)).toBe('The code expires in 10 minutes.');
    expect(expiry('sign_in_code', 1)).toBe('The code expires in 1 minute.');
    expect(expiry('unlock', 90)).toBe('The link expires in 90 minutes.');
    expect(renderMail('unlock', 'en-US', { ...data, minutes: 2880 }, options).text).toContain(
      'The link expires in 2 days.',
    );
    expect(renderMail('unlock', 'de-DE', { ...data, minutes: 1440 }, options).text).toContain(
      'Der Link läuft in 24 Stunden ab.',
    );
    expect(renderMail('unlock', 'ja-JP', { ...data, minutes: 1440 }, options).text).toContain('24時間');
  });

  it("count in each language's plural forms (Intl.PluralRules), in every template and locale", () => {
    const codeExpiry = (locale: LocaleTag, minutes: number) =>
      renderMail('sign_in_code', locale, { ...data, minutes }, options).text;
    // Arabic: one and two in words, 3 to 10 in the plural, 11 to 99 and 100 in the singular.
    expect(codeExpiry('ar-AE', 1)).toContain('تنتهي صلاحية الرمز بعد دقيقة واحدة.');
    expect(codeExpiry('ar-AE', 2)).toContain('تنتهي صلاحية الرمز بعد دقيقتين.');
    expect(codeExpiry('ar-AE', 10)).toContain('تنتهي صلاحية الرمز بعد 10 دقائق.');
    expect(codeExpiry('ar-AE', 11)).toContain('تنتهي صلاحية الرمز بعد 11 دقيقة.');
    expect(codeExpiry('ar-AE', 100)).toContain('تنتهي صلاحية الرمز بعد 100 دقيقة.');
    // Russian and Polish: one, few and many.
    expect(codeExpiry('ru-RU', 1)).toContain('через 1 минуту.');
    expect(codeExpiry('ru-RU', 3)).toContain('через 3 минуты.');
    expect(codeExpiry('ru-RU', 10)).toContain('через 10 минут.');
    expect(codeExpiry('ru-RU', 21)).toContain('через 21 минуту.');
    expect(codeExpiry('pl-PL', 1)).toContain('Kod wygaśnie za 1 minutę.');
    expect(codeExpiry('pl-PL', 22)).toContain('Kod wygaśnie za 22 minuty.');
    expect(codeExpiry('pl-PL', 10)).toContain('Kod wygaśnie za 10 minut.');
    expect(codeExpiry('fr-FR', 1)).toContain('Le code expire dans 1 minute.');
    // Every template with a lifetime, in every locale, for counts of every plural category.
    for (const locale of LOCALE_TAGS) {
      for (const template of Object.keys(TEMPLATES) as TemplateName[]) {
        for (const minutes of [1, 2, 3, 10, 11, 60, 120, 1440, 2880, 100]) {
          const { text } = renderMail(template, locale, { ...data, minutes }, options);
          expect(text, `${locale} ${template} ${minutes}`).not.toMatch(/\{\{|mail\.[a-z_]+\./);
        }
      }
    }
  });

  it('give the link itself in the text part, which never speaks of a button', () => {
    for (const template of Object.keys(TEMPLATES) as TemplateName[]) {
      const mail = renderMail(template, 'en-US', data, options);
      expect(mail.text, template).not.toMatch(/button/i);
      if ('link' in TEMPLATES[template]) expect(mail.text, template).toContain(data.link);
    }
  });

  it('tell a player their account was deleted, in their language, without "ignore this email"', () => {
    const en = renderMail('account_deleted', 'en-US', { date: data.date }, options);
    expect(en.subject).toBe('Your Aurora Games account was deleted');
    expect(en.text).toContain(
      'Your Aurora Games account was deleted on November 22, 2026 at 10:00 AM UTC, as you asked.',
    );
    expect(en.text).not.toContain('you can ignore this email');
    const ar = renderMail('account_deleted', 'ar-AE', { date: data.date }, options);
    expect(ar.subject).toBe('تم حذف حسابك في Aurora Games');
    expect(ar.html).toContain('dir="rtl"');
  });

  it('escape values in the HTML', () => {
    const mail = renderMail('friend_request', 'en-US', { ...data, username: '<script>alert(1)</script>' }, options);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});
