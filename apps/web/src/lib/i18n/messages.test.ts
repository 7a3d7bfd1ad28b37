import { afterEach, describe, expect, it } from 'vitest';
import { addMessages, setLanguage, subscribeToMessages, t } from './messages.ts';
import type { MessageKey } from './messages.ts';

// Keys of en-US (t() takes no other), with this test's own texts.
const SENT: MessageKey = 'signIn.codeSent';
const ONLY: MessageKey = 'app.productName';

describe('t()', () => {
  afterEach(() => setLanguage('en-US'));

  it('fills placeholders, falling back to English for a missing message', () => {
    addMessages('en-US', { [SENT]: 'We sent a code to {{email}}.', [ONLY]: 'English only' });
    addMessages('fr-FR', { [SENT]: 'Nous avons envoyé un code à {{email}}.' });
    setLanguage('fr-FR');
    expect(t(SENT, { email: 'a@example.com' })).toBe('Nous avons envoyé un code à a@example.com.');
    expect(t(ONLY)).toBe('English only');
  });

  it('isolates inserted values in a right-to-left language, so an address keeps its order', () => {
    addMessages('ar-AE', { [SENT]: 'أرسلنا رمزًا إلى {{email}}.' });
    setLanguage('ar-AE');
    expect(t(SENT, { email: 'a@example.com' })).toBe('أرسلنا رمزًا إلى \u2068a@example.com\u2069.');
    setLanguage('en-US');
    expect(t(SENT, { email: 'a@example.com' })).toBe('We sent a code to a@example.com.');
  });
});

describe('messages that arrive after the screen', () => {
  it('tell the screen, so that a key shown before its message arrived is replaced by it', () => {
    // The error messages load after the first screen (locale.ts): an error shown before shows its key.
    const key: MessageKey = 'error.link_invalid';
    let changes = 0;
    const unsubscribe = subscribeToMessages(() => changes++);
    const before = t(key);
    addMessages('en-US', { [key]: 'That link has expired.' });
    unsubscribe();
    expect(before).toBe(key);
    expect(changes).toBe(1);
    expect(t(key)).toBe('That link has expired.');
  });
});
