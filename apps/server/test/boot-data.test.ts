// index.html carries what the first screen needs (issue 14, "start-up waits on a chain"): the
// runtime config and the public settings as the API answers them, escaped so nothing in them can end
// the element; and preload links of the messages and of the page's screens, from the build's files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAgJson } from '@portal/contract/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootDataElement, findRoutePreload, pagePreloads, scriptSafeJson } from '../src/http/boot-data.ts';
import type { BuildManifest, RoutePreload } from '../src/http/boot-data.ts';
import { PUBLIC_SETTINGS_TTL_MS } from '../src/modules/settings/service.ts';
import { portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { until } from './until.ts';
import { writeBuild } from './web-build-fixture.ts';

const MANIFEST: BuildManifest = {
  'src/locales/en-US/common.json': { file: 'assets/common-en.js' },
  'src/locales/ar-AE/common.json': { file: 'assets/common-ar.js' },
  'src/locales/en-US/flows.json': { file: 'assets/flows-en.js' },
  'src/locales/ar-AE/flows.json': { file: 'assets/flows-ar.js' },
};
const ROUTES: RoutePreload[] = [
  { path: '/sign-in', scripts: ['assets/screens-auth.js', 'assets/captcha.js'], styles: [], flowMessages: false },
  { path: '/account', scripts: ['assets/screens-account.js'], styles: ['assets/account.css'], flowMessages: true },
  { path: '/playtests/register', scripts: ['assets/screens-pt.js'], styles: [], flowMessages: false },
  { path: '/playtests/register/:code', scripts: ['assets/screens-pt-code.js'], styles: [], flowMessages: false },
];

/** The data block of a page, as the web app reads it (apps/web/src/lib/boot-data.ts). */
function bootDataOf(html: string): { config: unknown; settings?: unknown } {
  const match = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no boot data in the page');
  return JSON.parse(match[1]!) as { config: unknown; settings?: unknown };
}

const links = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}" crossorigin href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('the boot data element', () => {
  it('cannot be ended or turned into markup by what it carries, and reads back unchanged', () => {
    const hostile = {
      text: '</script><script>alert(1)</script><!-- & \u2028\u2029 </SCRIPT >',
      nested: ['<b>', { '<key>': '&amp;' }],
    };
    const element = bootDataElement({ config: hostile });
    const inside = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(inside).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(inside)).toEqual({ config: hostile });
    expect(JSON.parse(scriptSafeJson(hostile))).toEqual(hostile);
  });

  it('carries the settings encoded as the API encodes them for the web app', () => {
    const when = new Date('2026-11-24T10:00:00.000Z');
    const element = bootDataElement({ config: {}, settings: { at: when } });
    const data = bootDataOf(element);
    expect(parseAgJson(JSON.stringify(data.settings))).toEqual({ at: when });
  });
});

describe('the preloads of a page', () => {
  it('find the route of a path: static paths first, then patterns; none for an unknown path', () => {
    expect(findRoutePreload(ROUTES, '/sign-in')?.path).toBe('/sign-in');
    expect(findRoutePreload(ROUTES, '/sign-in/')?.path).toBe('/sign-in');
    expect(findRoutePreload(ROUTES, '/playtests/register')?.path).toBe('/playtests/register');
    expect(findRoutePreload(ROUTES, '/playtests/register/ABC')?.path).toBe('/playtests/register/:code');
    expect(findRoutePreload(ROUTES, '/playtests/register/ABC/x')).toBeUndefined();
    expect(findRoutePreload(ROUTES, '/nowhere')).toBeUndefined();
  });

  it('name the English and the page locale messages, the screens, and the flow messages where used', () => {
    const signIn = pagePreloads(MANIFEST, findRoutePreload(ROUTES, '/sign-in'), 'ar-AE');
    expect(links(signIn, 'modulepreload')).toEqual([
      '/assets/common-en.js',
      '/assets/common-ar.js',
      '/assets/screens-auth.js',
      '/assets/captcha.js',
    ]);
    const account = pagePreloads(MANIFEST, findRoutePreload(ROUTES, '/account'), 'en-US');
    expect(links(account, 'modulepreload')).toEqual([
      '/assets/common-en.js',
      '/assets/screens-account.js',
      '/assets/flows-en.js',
    ]);
    expect(links(account, 'stylesheet')).toEqual(['/assets/account.css']);
    expect(links(pagePreloads({}, undefined, 'en-US'), 'modulepreload')).toEqual([]);
  });
});

describe('index.html served with its boot data', () => {
  let root: string;
  let t: TestApp;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-boot-data-'));
    writeBuild(root, 'index-abc123');
    mkdirSync(join(root, '.vite'));
    writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(root, '.vite', 'route-preloads.json'), JSON.stringify(ROUTES));
    t = await testApp({ WEB_DIST_DIR: root }, { seed: false });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const page = (url: string, language = 'en-US') =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': language, 'accept-encoding': 'identity' } });

  it('holds the runtime config of /config.json and the public settings of the API', async () => {
    const html = (await page('/sign-in')).body;
    const data = bootDataOf(html);
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(data.config).toEqual(config.json());
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: portalHeaders() });
    expect(settings.statusCode).toBe(200);
    expect(parseAgJson(JSON.stringify(data.settings))).toEqual(parseAgJson(settings.body));
    // In <head>, before the body the app replaces.
    expect(html.indexOf('id="boot-data"')).toBeLessThan(html.indexOf('</head>'));
  });

  it("preloads the page's screens and the messages of the visitor's language", async () => {
    const signIn = (await page('/sign-in?lang=ar-AE', 'de-DE')).body;
    expect(links(signIn, 'modulepreload')).toEqual([
      '/assets/common-en.js',
      '/assets/common-ar.js',
      '/assets/screens-auth.js',
      '/assets/captcha.js',
    ]);
    const code = (await page('/playtests/register/XYZ')).body;
    expect(links(code, 'modulepreload')).toContain('/assets/screens-pt-code.js');
    const unknown = (await page('/no-such-page', 'ar-AE')).body;
    expect(links(unknown, 'modulepreload')).toEqual(['/assets/common-en.js', '/assets/common-ar.js']);
  });

  it("shows an operator's change of the settings within the settings' bound", async () => {
    const before = bootDataOf((await page('/sign-in')).body).settings as { featureFlags: { game_page: boolean } };
    const wanted = !before.featureFlags.game_page;
    await t.deps.db.query(
      `INSERT INTO feature_flags (name, enabled) VALUES ('game_page', $1)
       ON CONFLICT (name) DO UPDATE SET enabled = $1`,
      [wanted],
    );
    await until(
      async () =>
        (bootDataOf((await page('/sign-in')).body).settings as typeof before).featureFlags.game_page === wanted,
      'the page to carry the changed flag',
      { timeoutMs: PUBLIC_SETTINGS_TTL_MS * 3, everyMs: 100 },
    );
  });
});
