// The message store: the current language, its messages (en-US as fallback) and t(). A small
// replacement for i18next that does what the portal needs: lookup, fallback, {{placeholders}}.
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, findLocale } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { interpolate } from '@portal/contract/errors/wire-error';
import type common from '../../locales/en-US/common.json';
import type flows from '../../locales/en-US/flows.json';
import type { ErrorMessageKey } from './error-keys.ts';

type EnglishKey = keyof typeof common | keyof typeof flows;
/** A message with plural forms: en-US has its `<base>.other` form. */
export type PluralBase = EnglishKey extends infer K ? (K extends `${infer Base}.other` ? Base : never) : never;
/** A plural form of such a message (the forms a language has: Intl.PluralRules). */
export type PluralKey = `${PluralBase}.${Intl.LDMLPluralRule}`;
/** A message key: one of en-US's messages or of the error catalogue. Any other string is a type error. */
export type MessageKey = EnglishKey | PluralKey | ErrorMessageKey;

type Messages = Record<string, string>;
type Listener = () => void;

let language: LocaleTag = DEFAULT_LOCALE;
const tables = new Map<string, Messages>();
const listeners = new Set<Listener>();
let snapshot: { language: LocaleTag } = { language };

/**
 * Adds messages of a language. What is on screen shows them at once: an error shown before the error
 * messages arrived (they load after the first screen) gets its message then, not its key for good.
 */
export function addMessages(tag: LocaleTag, messages: Messages): void {
  tables.set(tag, { ...(tables.get(tag) ?? {}), ...messages });
  snapshot = { language };
  for (const listener of listeners) listener();
}

export function hasMessages(tag: LocaleTag): boolean {
  return tables.has(tag);
}

let rtl = false;

export function setLanguage(tag: LocaleTag): void {
  language = tag;
  rtl = findLocale(tag)?.direction === 'rtl';
  snapshot = { language };
  for (const listener of listeners) listener();
}

export function currentLanguage(): LocaleTag {
  return language;
}

/** The message of a key in the current language, else English, else the key itself. */
export function t(key: MessageKey, values?: Record<string, unknown>): string {
  const text = tables.get(language)?.[key] ?? tables.get(DEFAULT_LOCALE)?.[key];
  if (text === undefined) {
    if (import.meta.env.DEV) console.warn(`missing message ${key}`);
    return key;
  }
  return values ? interpolate(text, rtl ? isolated(values) : values) : text;
}

/**
 * In a right-to-left language, each inserted value (an email address, a date, a name) is a
 * first-strong isolate (U+2068 ... U+2069), so its own direction cannot reorder the sentence around it.
 */
function isolated(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values))
    out[key] = typeof value === 'string' || typeof value === 'number' ? `\u2068${value}\u2069` : value;
  return out;
}

/** Calls `listener` on a change of the language or of its messages (useTranslation re-renders on it). */
export function subscribeToMessages(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentSnapshot = () => snapshot;

/**
 * Re-renders on a language change and when messages arrive; the shape of react-i18next's hook. The
 * same snapshot serves a render to a string (the unit tests render screens so, without a DOM).
 */
export function useTranslation() {
  const current = useSyncExternalStore(subscribeToMessages, currentSnapshot, currentSnapshot);
  return { t, i18n: current };
}
