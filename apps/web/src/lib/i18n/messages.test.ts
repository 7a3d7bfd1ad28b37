import { afterEach, describe, expect, it } from 'vitest';
import { addMessages, setLanguage, t } from './messages.ts';

describe('t()', () => {
  afterEach(() => setLanguage('en-US'));

  it('fills placeholders, falling back to English for a missing message', () => {
    addMessages('en-US', { 'test.sent': 'We sent a code to {{email}}.', 'test.only': 'English only' });
    addMessages('fr-FR', { 'test.sent': 'Nous avons envoyé un code à {{email}}.' });
    setLanguage('fr-FR');
    expect(t('test.sent', { email: 'a@example.com' })).toBe('Nous avons envoyé un code à a@example.com.');
    expect(t('test.only')).toBe('English only');
  });

  it('isolates inserted values in a right-to-left language, so an address keeps its order', () => {
    addMessages('ar-AE', { 'test.sent': 'أرسلنا رمزًا إلى {{email}}.' });
    setLanguage('ar-AE');
    expect(t('test.sent', { email: 'a@example.com' })).toBe('أرسلنا رمزًا إلى \u2068a@example.com\u2069.');
    setLanguage('en-US');
    expect(t('test.sent', { email: 'a@example.com' })).toBe('We sent a code to a@example.com.');
  });
});
