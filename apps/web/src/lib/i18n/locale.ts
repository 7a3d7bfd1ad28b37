// Languages: the 19 locales of the contract, chosen from ?lang=, then the stored choice, then the
// browser's languages. Messages (the web app's and the contract's error messages) load lazily per
// locale; a locale that fails to load falls back to en-US.
import { DEFAULT_LOCALE, findLocale, resolveLocale } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { loadErrorMessages } from '@portal/contract/errors/messages';
import { KEYS, storage } from '../storage.ts';
import { addMessages, currentLanguage, hasMessages, setLanguage } from './messages.ts';

type Messages = Record<string, string>;
const bundles = import.meta.glob<Messages>('../../locales/*/common.json', { import: 'default' });
/** Messages of the screens that are not on the sign-in path, loaded with those screens. */
const flowBundles = import.meta.glob<Messages>('../../locales/*/flows.json', { import: 'default' });
const flowsLoaded = new Set<string>();
/** Set as soon as a screen asks for the flow messages, so a language switch meanwhile loads them too. */
let flowsWanted = false;

async function loadFlows(tag: LocaleTag): Promise<void> {
  if (flowsLoaded.has(tag)) return;
  const load = flowBundles[`../../locales/${tag}/flows.json`];
  if (!load) return;
  addMessages(tag, await load());
  flowsLoaded.add(tag);
}

/** Loads the flow screens' messages (current language and the English fallback). */
export async function loadFlowMessages(): Promise<void> {
  flowsWanted = true;
  await Promise.all([loadFlows(DEFAULT_LOCALE), loadFlows(currentLanguage())]);
  // The language may have changed while loading.
  await loadFlows(currentLanguage());
}

export function pickLocale(search: string, stored: string | null, browser: readonly string[]): LocaleTag {
  const fromQuery = new URLSearchParams(search).get('lang');
  for (const candidate of [fromQuery, stored, ...browser]) {
    const found = candidate ? resolveLocale(candidate) : undefined;
    if (found) return found.tag;
  }
  return DEFAULT_LOCALE;
}

async function loadMessages(tag: LocaleTag): Promise<Messages> {
  const load = bundles[`../../locales/${tag}/common.json`];
  if (!load) throw new Error(`no messages for ${tag}`);
  return load();
}

const errorsLoaded = new Set<string>();
/**
 * Error messages are not needed to show a page, so they load after it (and on a language change);
 * an error shown before they arrived shows its message once they do (addMessages tells the screen).
 */
export async function loadErrorMessagesFor(tag: LocaleTag): Promise<void> {
  if (errorsLoaded.has(tag)) return;
  errorsLoaded.add(tag);
  try {
    addMessages(tag, await loadErrorMessages(tag));
  } catch (error) {
    errorsLoaded.delete(tag);
    console.warn(`error messages for ${tag} failed to load`, error);
  }
}

/** Sets <html lang dir> to the locale's. */
export function applyDocumentLocale(tag: LocaleTag): void {
  document.documentElement.lang = tag;
  document.documentElement.dir = findLocale(tag)?.direction ?? 'ltr';
}

export async function initI18n(): Promise<LocaleTag> {
  const requested = pickLocale(window.location.search, storage.get('local', KEYS.locale), navigator.languages ?? []);
  // Both load at once (the server preloads them beside the entry script).
  const [english, chosen] = await Promise.all([
    loadMessages(DEFAULT_LOCALE),
    requested === DEFAULT_LOCALE ? undefined : loadMessages(requested).catch(() => undefined),
  ]);
  addMessages(DEFAULT_LOCALE, english);
  if (chosen) addMessages(requested, chosen);
  return changeLocale(requested);
}

/** Switches the language; persists the choice. Answers the locale in use (en-US if loading failed). */
export async function changeLocale(tag: LocaleTag): Promise<LocaleTag> {
  let locale = tag;
  if (!hasMessages(locale)) {
    try {
      addMessages(locale, await loadMessages(locale));
    } catch (error) {
      console.warn(`locale ${locale} failed to load; falling back to en-US`, error);
      locale = DEFAULT_LOCALE;
    }
  }
  if (flowsWanted) await loadFlows(locale).catch(() => undefined);
  setLanguage(locale);
  if (errorsLoaded.size > 0) void loadErrorMessagesFor(locale);
  storage.set('local', KEYS.locale, locale);
  applyDocumentLocale(locale);
  return locale;
}
