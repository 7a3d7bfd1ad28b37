// The built web app at /, served from what is on disk when asked (not from a list of files taken at
// start): a rebuild of apps/web/dist (scripts/build-web.mjs, by this or another instance) is served
// at once, never a new index.html naming assets this instance has no route for. History fallback:
// any GET for a page that is not a file, and not under an API prefix, answers index.html so the
// client-side router can take it. A missing file (/assets/x.js) answers 404, not index.html.
// Compression: files are sent as the brotli or gzip copy the build wrote beside them
// (scripts/build-web.mjs), never compressed per request; index.html, localized per request, is
// compressed once per locale and encoding and kept until the file changes.
import { readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { findLocale, LOCALES } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bootDataElement, findRoutePreload, pagePreloads } from './boot-data.ts';
import type { BootData, BuildManifest, RoutePreload } from './boot-data.ts';
import { BOOT_FALLBACK_MESSAGES } from './boot-fallback-messages.ts';
import { RequestError } from './request-error.ts';

const NOT_SPA = /^\/(api|dev|oauth2|\.well-known)(\/|$)/;
const CONSOLE_PAGE = /^\/console(\/|$)/;

/**
 * What a hashed asset goes without beyond the document's headers (http/security.ts gives it only
 * nosniff and CORP): the request id, and the revalidation headers that `immutable` makes useless.
 */
export const HASHED_ASSET_OMITS = ['x-request-id', 'etag', 'last-modified', 'accept-ranges'];

/** Escapes text for an HTML text node or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * index.html in the visitor's language: the "could not load" text of the locale in place of its
 * placeholders (__BOOT_TITLE__, __BOOT_MESSAGE__, __BOOT_RELOAD__), and `lang`/`dir` of <html>.
 * `head` (the boot data and preload links) goes at the end of <head>.
 */
export function localizeIndexHtml(html: string, locale: LocaleTag, head = ''): string {
  const messages = BOOT_FALLBACK_MESSAGES[locale];
  const direction = LOCALES.find((info) => info.tag === locale)?.direction ?? 'ltr';
  return html
    .replace(/<html\b[^>]*>/i, `<html lang="${escapeHtml(locale)}" dir="${direction}">`)
    .replace(/<\/head>/i, () => `${head}</head>`)
    .replaceAll('__BOOT_TITLE__', escapeHtml(messages.title))
    .replaceAll('__BOOT_MESSAGE__', escapeHtml(messages.message))
    .replaceAll('__BOOT_RELOAD__', escapeHtml(messages.reload));
}

/** ?lang= (as the web app reads it) first, then Accept-Language. */
function pageLocale(request: FastifyRequest): LocaleTag {
  const lang = (request.query as Record<string, unknown> | undefined)?.lang;
  return (typeof lang === 'string' ? findLocale(lang)?.tag : undefined) ?? request.ctx.locale;
}

type PageEncoding = 'br' | 'gzip' | 'identity';

/** The encoding of the page for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses). */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((item) => item.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return 'identity';
}

function compressPage(html: string, encoding: PageEncoding): Buffer {
  const bytes = Buffer.from(html, 'utf8');
  if (encoding === 'br') {
    return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } });
  }
  return encoding === 'gzip' ? gzipSync(bytes, { level: 9 }) : bytes;
}

/** What index.html carries for the first screen (boot-data.ts): the runtime config and the public settings. */
export interface SpaBoot {
  /** The runtime config now (the same object while it does not change). */
  config: () => Promise<unknown>;
  /** The public settings (cached by the settings service); a failure leaves them out of the page. */
  settings: () => Promise<unknown>;
}

export async function registerSpa(app: FastifyInstance, distDir: string, boot?: SpaBoot) {
  const indexPath = join(distDir, 'index.html');
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  const routesPath = join(distDir, '.vite', 'route-preloads.json');
  const assetsDir = `${join(distDir, 'assets')}${sep}`;
  // One wildcard route that looks on the disk at every request, so files built after the start are served.
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    // The .br/.gz copy the build wrote, by Accept-Encoding (Content-Encoding, Vary: accept-encoding).
    preCompressed: true,
    // The page itself goes through the fallback below (translated, no-cache).
    allowedPath: (pathName) => pathName !== '/index.html' && pathName !== '/console.html',
    setHeaders: (reply, path) => {
      const hashed = path.startsWith(assetsDir);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A hashed asset never changes: no revalidation, no request id (with the document's headers left
      // out by security.ts, about 700 bytes less for each of a page's 10 to 20 scripts).
      if (hashed) for (const name of HASHED_ASSET_OMITS) reply.removeHeader(name);
    },
  });
  // The wildcard route refuses the empty path (403): / is a page like any other.
  app.get('/', (_request, reply) => reply.callNotFound());
  if (!existsFile(indexPath)) {
    app.log.warn({ distDir }, 'the web app is not built: run `npm run build` (npm start does it)');
  }
  // index.html (and the build's manifest and route preloads) are re-read when a build replaced them,
  // so a rebuild never serves stale asset names. The pages of that file by locale, encoding and route
  // are kept while the file and the boot data are the same (the settings change only by an operator).
  let cached: {
    html: string;
    manifest: BuildManifest;
    routes: RoutePreload[];
    mtimeMs: number;
    ino: number;
    bootData: string | null;
    pages: Map<string, Buffer>;
  } | null = null;
  const indexPage = (
    pathname: string,
    locale: LocaleTag,
    encoding: PageEncoding,
    bootData: string | null,
  ): Buffer | null => {
    try {
      const { mtimeMs, ino } = statSync(indexPath);
      if (cached?.mtimeMs !== mtimeMs || cached.ino !== ino) {
        const html = readFileSync(indexPath, 'utf8');
        const manifest = readBuildJson<BuildManifest>(manifestPath, {});
        const routes = readBuildJson<RoutePreload[]>(routesPath, []);
        cached = { html, manifest, routes, mtimeMs, ino, bootData, pages: new Map() };
      }
    } catch {
      return null;
    }
    if (cached.bootData !== bootData) {
      cached.bootData = bootData;
      cached.pages.clear();
    }
    const route = findRoutePreload(cached.routes, pathname);
    const key = `${locale} ${encoding} ${route?.path ?? ''}`;
    let page = cached.pages.get(key);
    if (!page) {
      const head = (bootData ?? '') + pagePreloads(cached.manifest, route, locale);
      page = compressPage(localizeIndexHtml(cached.html, locale, head), encoding);
      cached.pages.set(key, page);
    }
    return page;
  };
  const consolePath = join(distDir, 'console.html');
  let consoleCached: { html: string; mtimeMs: number } | null = null;
  const consolePage = (): string | null => {
    try {
      const { mtimeMs } = statSync(consolePath);
      if (consoleCached?.mtimeMs !== mtimeMs) consoleCached = { html: readFileSync(consolePath, 'utf8'), mtimeMs };
      return consoleCached.html;
    } catch {
      return null;
    }
  };
  // The boot data element, made again only when the config or the settings are another object.
  let lastBoot: { config: unknown; settings: unknown; element: string } | null = null;
  const bootDataFor = async (request: FastifyRequest): Promise<string | null> => {
    if (!boot) return null;
    const data: BootData = { config: await boot.config() };
    try {
      data.settings = await boot.settings();
    } catch (error) {
      request.log.warn({ err: error }, 'index.html without the public settings: they could not be read');
    }
    if (lastBoot === null || lastBoot.settings !== data.settings || lastBoot.config !== data.config) {
      lastBoot = { config: data.config, settings: data.settings, element: bootDataElement(data) };
    }
    return lastBoot.element;
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(path);
    if (!isPage || (path !== '/index.html' && /\.[a-z0-9]{1,8}$/i.test(path))) throw new RequestError('not_found');
    // The operators' console is its own page of the build (console.html): players never load it.
    if (CONSOLE_PAGE.test(path)) {
      const page = consolePage();
      if (page === null) return reply.code(404).type('text/plain; charset=utf-8').send('The console is not built.');
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
    }
    const encoding = pageEncoding(request.headers['accept-encoding']);
    const page = indexPage(path, pageLocale(request), encoding, await bootDataFor(request));
    if (page === null) {
      return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built. Run `npm run build`.');
    }
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, accept-language')
      .send(page);
  });
}

/** A JSON file the build wrote (its manifest, the route preloads); `empty` when there is none. */
function readBuildJson<T>(path: string, empty: T): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return empty;
  }
}

function existsFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
