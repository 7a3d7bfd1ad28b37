import { describe, expect, it } from 'vitest';
import { LOCALE_TAGS } from '../data/locales.ts';
import { translationProblems } from '../i18n/completeness.ts';
import { ERRORS, ERROR_NAMES } from './catalogue.ts';
import { englishErrorMessages } from './english.ts';
import { loadErrorMessages } from './messages.ts';
import { interpolate, lookupError, messageKeyFor } from './wire-error.ts';

describe('error catalogue', () => {
  it('has every numbered code of the spec', () => {
    const codes = new Set<number>(ERROR_NAMES.map((name) => ERRORS[name].code));
    for (const code of [
      1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011, 1012, 1058, 1107, 1108, 1200, 1201, 1202,
      1203, 1204, 1220, 1221, 1400,
    ]) {
      expect(codes.has(code), String(code)).toBe(true);
    }
  });

  it('gives every row a unique number within 1000-1400', () => {
    const codes = ERROR_NAMES.map((name) => ERRORS[name].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code >= 1000 && code <= 1400).toBe(true);
  });

  it('shares one message among the captcha codes', () => {
    for (const code of [1200, 1201, 1202, 1203, 1204]) {
      expect(messageKeyFor({ hydraErrorCode: code, code: null }, { debug: false })).toBe('error.captcha_failed');
    }
  });

  it('maps unknown codes, and non-production codes outside debug, to error.generic', () => {
    expect(messageKeyFor({ hydraErrorCode: 1399, code: null }, { debug: false })).toBe('error.generic');
    expect(messageKeyFor({ hydraErrorCode: null, code: 'nonsense' }, { debug: false })).toBe('error.generic');
    expect(messageKeyFor({ hydraErrorCode: 1023, code: null }, { debug: false })).toBe('error.generic');
    expect(messageKeyFor({ hydraErrorCode: 1023, code: null }, { debug: true })).toBe(
      'error.insufficient_configuration',
    );
    expect(messageKeyFor({ hydraErrorCode: 1000, code: null }, { debug: false })).toBe('error.username_not_available');
    expect(lookupError({ hydraErrorCode: null, code: 'email_not_different' })).toBe('email_not_different');
    expect(englishErrorMessages()['error.generic']).toBe('Something went wrong. Please try again.');
  });

  it('fills placeholders from the error body', () => {
    expect(interpolate('Wait {{seconds}} s', { seconds: 30 })).toBe('Wait 30 s');
    expect(interpolate('Wait {{seconds}} s', null)).toBe('Wait {{seconds}} s');
  });

  it('is translated into every locale', async () => {
    const english = englishErrorMessages();
    for (const tag of LOCALE_TAGS.filter((t) => t !== 'en-US')) {
      const table = await loadErrorMessages(tag);
      expect(translationProblems(english, table), tag).toEqual([]);
    }
  });
});
