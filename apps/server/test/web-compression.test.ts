// The built web app goes out compressed: the brotli or gzip copy the build wrote beside each file
// (scripts/build-web.mjs compressBuild), and index.html compressed after it was localized
// (issue 14, "static assets are sent uncompressed").
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressBuild } from '../../../scripts/build-web.mjs';
import { DOCUMENT_ONLY_HEADERS } from '../src/http/security.ts';
import { HASHED_ASSET_OMITS, localizeIndexHtml } from '../src/http/spa.ts';
import { testApp } from './helpers.ts';
import { bootPage, writeBuild } from './web-build-fixture.ts';
import type { TestApp } from './helpers.ts';

/** A script well above the size the build compresses, shaped like a bundle. */
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = "component ${i}";`).join('\n');
const PAGE = bootPage('index-abc123');

function decoded(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

describe('compressed web build', () => {
  let root: string;
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-web-compression-'));
    dist = join(root, 'dist');
    writeBuild(dist, 'index-abc123', SCRIPT);
    writeFileSync(join(dist, 'assets', 'common-def456.json'), JSON.stringify({ greeting: SCRIPT }));
    writeFileSync(join(dist, 'assets', 'tiny-0a1b2c.js'), 'console.log(1);');
    compressBuild(dist);
    t = await testApp({ WEB_DIST_DIR: dist }, { seed: false });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('the build writes brotli and gzip copies beside the files worth it, not beside tiny ones', () => {
    for (const name of ['index-abc123.js', 'common-def456.json']) {
      const original = readFileSync(join(dist, 'assets', name));
      expect(brotliDecompressSync(readFileSync(join(dist, 'assets', `${name}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dist, 'assets', `${name}.gz`)))).toEqual(original);
    }
    expect(() => readFileSync(join(dist, 'assets', 'tiny-0a1b2c.js.br'))).toThrow();
  });

  it.each([
    ['gzip, br', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    [undefined, undefined],
    ['identity', undefined],
  ])('sends an asset for Accept-Encoding %j as %s, the same bytes once decoded', async (accept, encoding) => {
    for (const name of ['index-abc123.js', 'common-def456.json']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/assets/${name}`,
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(name.endsWith('.js') ? /javascript/ : /json/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // Only what guards a script or style travels with it; the document's headers stay with pages.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const header of [...DOCUMENT_ONLY_HEADERS, ...HASHED_ASSET_OMITS])
        expect(res.headers[header]).toBeUndefined();
      expect(decoded(encoding, res.rawPayload)).toEqual(readFileSync(join(dist, 'assets', name)));
      if (encoding) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    }
  });

  it.each([
    ['gzip, br', 'br'],
    ['gzip', 'gzip'],
    [undefined, undefined],
  ])('sends the localized page for Accept-Encoding %j as %s', async (accept, encoding) => {
    for (const [language, locale] of [
      ['de-DE,de;q=0.9', 'de-DE'],
      ['ar-AE', 'ar-AE'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/sign-in',
        headers: { 'accept-language': language, ...(accept === undefined ? {} : { 'accept-encoding': accept }) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding, accept-language');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      const html = decoded(encoding, res.rawPayload).toString('utf8');
      // The page as sent uncompressed: localized, with the boot data at the end of <head>.
      const plain = await t.app.inject({
        method: 'GET',
        url: '/sign-in',
        headers: { 'accept-language': language, 'accept-encoding': 'identity' },
      });
      expect(html).toBe(plain.body);
      const [before, after] = localizeIndexHtml(PAGE, locale).split('</head>');
      expect(html.startsWith(before!)).toBe(true);
      expect(html.endsWith(`</head>${after}`)).toBe(true);
      expect(html).toContain('<script type="application/json" id="boot-data">');
      expect(html).toContain(`<html lang="${locale}"`);
    }
  });

  it('a small file is sent as it is', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/tiny-0a1b2c.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log(1);');
  });
});
