// What the web app needs before its first screen, written into the served index.html so that screen
// needs no API round trip (issue 14): the runtime config (what /config.json answers) and the public
// settings (what GET /api/settings/public answers the web app: application/x-ag-json, localizations
// expanded). Both are the same for every visitor. They travel in a JSON data block
// (<script type="application/json">), which the browser never runs, so the CSP needs no exception;
// the text is escaped so that nothing in it can close the element or start markup.
// Also here: the preload links of what the page's first screen needs (messages, the route's screens).
import { BOOT_DATA_ID } from '@portal/contract/boot-data';
import { encode } from '@portal/contract/codec';
import { DEFAULT_LOCALE } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';

export interface BootData {
  config: unknown;
  /** Absent when they could not be read: the web app then asks the API as before. */
  settings?: unknown;
}

/**
 * JSON that is safe inside an HTML element: `<`, `>` and `&` as \u escapes (no `</script>`, no
 * `<!--`), and U+2028/U+2029 escaped too. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The data block: the config as it is, the settings encoded as the API encodes them for the web app. */
export function bootDataElement(data: BootData): string {
  const payload = {
    config: data.config,
    ...(data.settings === undefined ? {} : { settings: encode(data.settings, { expandLocalizations: true }) }),
  };
  return `<script type="application/json" id="${BOOT_DATA_ID}">${scriptSafeJson(payload)}</script>`;
}

/** Vite's build manifest (dist/.vite/manifest.json): source path -> built file. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>;

/** The source of a locale's messages (apps/web/src/locales/<tag>/common.json or flows.json). */
const messagesSource = (tag: LocaleTag, bundle: 'common' | 'flows') => `src/locales/${tag}/${bundle}.json`;

/** A route's built files (written by the web build: apps/web/build/route-preloads.ts). */
export interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
  flowMessages: boolean;
}

/** The route of a page path: a static path first, then patterns with `:name` segments. */
export function findRoutePreload(routes: readonly RoutePreload[], pathname: string): RoutePreload | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const exact = routes.find((route) => route.path === normalized);
  if (exact) return exact;
  const have = normalized.split('/');
  return routes.find((route) => {
    if (!route.path.includes(':')) return false;
    const want = route.path.split('/');
    return (
      want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
    );
  });
}

const moduleLink = (file: string) => `<link rel="modulepreload" crossorigin href="/${encodeURI(file)}" />`;
const styleLink = (file: string) => `<link rel="stylesheet" crossorigin href="/${encodeURI(file)}" />`;

/** The built file of a source (and what it imports), from the manifest. */
function manifestFiles(manifest: BuildManifest, source: string, into: Set<string>): void {
  const entry = manifest[source];
  if (!entry || into.has(entry.file)) return;
  into.add(entry.file);
  for (const imported of entry.imports ?? []) manifestFiles(manifest, imported, into);
}

/**
 * Preload links for a page: the messages every first screen needs (the English fallback and the
 * page's locale, which the web app picks the same way: ?lang=, then the browser's languages), and
 * the screens of the page's route with their styles and, where they use them, the flow messages.
 * All load beside the entry script instead of one after the other once it ran.
 */
export function pagePreloads(manifest: BuildManifest, route: RoutePreload | undefined, locale: LocaleTag): string {
  const tags: LocaleTag[] = locale === DEFAULT_LOCALE ? [DEFAULT_LOCALE] : [DEFAULT_LOCALE, locale];
  const scripts = new Set<string>();
  for (const tag of tags) manifestFiles(manifest, messagesSource(tag, 'common'), scripts);
  for (const file of route?.scripts ?? []) scripts.add(file);
  if (route?.flowMessages) for (const tag of tags) manifestFiles(manifest, messagesSource(tag, 'flows'), scripts);
  return [...(route?.styles ?? []).map(styleLink), ...[...scripts].map(moduleLink)].join('');
}
