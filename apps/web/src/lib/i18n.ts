// Languages: the 19 locales of the contract, chosen from ?lang=, then the stored choice, then the
// browser's languages; messages are loaded lazily per locale and fall back to en-US.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, findLocale, resolveLocale } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';

const STORAGE_KEY = 'portal.locale';
type Messages = Record<string, string>;
const bundles = import.meta.glob<Messages>('../locales/*/common.json', { import: 'default' });

export function pickLocale(search: string, stored: string | null, browser: readonly string[]): LocaleTag {
  const fromQuery = new URLSearchParams(search).get('lang');
  for (const candidate of [fromQuery, stored, ...browser]) {
    const found = candidate ? resolveLocale(candidate) : undefined;
    if (found) return found.tag;
  }
  return DEFAULT_LOCALE;
}

async function loadMessages(tag: LocaleTag): Promise<Messages> {
  const load = bundles[`../locales/${tag}/common.json`];
  if (!load) throw new Error(`no messages for ${tag}`);
  return load();
}

/** Sets <html lang dir> to the locale's. */
export function applyDocumentLocale(tag: LocaleTag): void {
  document.documentElement.lang = tag;
  document.documentElement.dir = findLocale(tag)?.direction ?? 'ltr';
}

export async function initI18n(): Promise<LocaleTag> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private modes); the choice then lasts for this page only.
  }
  let locale = pickLocale(window.location.search, stored, navigator.languages ?? []);
  const english = await loadMessages(DEFAULT_LOCALE);
  let messages = english;
  if (locale !== DEFAULT_LOCALE) {
    try {
      messages = await loadMessages(locale);
    } catch (error) {
      console.warn('locale load failed; falling back to en-US', error);
      locale = DEFAULT_LOCALE;
    }
  }
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: { [DEFAULT_LOCALE]: { common: english }, [locale]: { common: messages } },
    defaultNS: 'common',
    keySeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // See above.
  }
  applyDocumentLocale(locale);
  return locale;
}
