import { describe, expect, it } from 'vitest';
import { pickLocale } from './locale.ts';

describe('pickLocale', () => {
  it('prefers ?lang=, then the stored choice, then the browser languages', () => {
    expect(pickLocale('?lang=ar-AE', 'fr-FR', ['de-DE'])).toBe('ar-AE');
    expect(pickLocale('', 'fr-FR', ['de-DE'])).toBe('fr-FR');
    expect(pickLocale('', null, ['xx', 'de-AT'])).toBe('de-DE');
  });
  it('falls back to en-US for unsupported languages', () => {
    expect(pickLocale('?lang=klingon', null, ['tlh'])).toBe('en-US');
  });
});
