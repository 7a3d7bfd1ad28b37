import { LOCALE_TAGS } from '@portal/contract/data/locales';
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

  it('escape values in the HTML', () => {
    const mail = renderMail('friend_request', 'en-US', { ...data, username: '<script>alert(1)</script>' }, options);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});
