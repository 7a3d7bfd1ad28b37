// The built web app is served from what is on disk: two instances on one checkout both serve
// working pages after either of them rebuilt apps/web/dist (issue 14, "a blank page after a second start").
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers.ts';
import { writeBuild } from './web-build-fixture.ts';
import type { TestApp } from './helpers.ts';

/** A new build replaces the old one as scripts/build-web.mjs does it: built aside, then moved in. */
function replaceBuild(dist: string, name: string): void {
  const next = `${dist}-next`;
  writeBuild(next, name);
  renameSync(dist, `${dist}-old`);
  renameSync(next, dist);
  rmSync(`${dist}-old`, { recursive: true, force: true });
}

describe('two instances on one web build directory', () => {
  let root: string;
  let dist: string;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
    dist = join(root, 'dist');
    writeBuild(dist, 'index-first111');
    first = await testApp({ WEB_DIST_DIR: dist }, { seed: false });
    second = await testApp({ WEB_DIST_DIR: dist }, { seed: false });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('both serve the page and the script of a build made after they started', async () => {
    for (const { app } of [first, second]) {
      const page = await app.inject({ method: 'GET', url: '/sign-in' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('/assets/index-first111.js');
      expect((await app.inject({ method: 'GET', url: '/assets/index-first111.js' })).statusCode).toBe(200);
    }

    replaceBuild(dist, 'index-second222');

    for (const { app } of [first, second]) {
      const page = await app.inject({ method: 'GET', url: '/home' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('/assets/index-second222.js');
      expect(page.body).not.toContain('index-first111');

      const script = await app.inject({ method: 'GET', url: '/assets/index-second222.js' });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe('console.log("index-second222");');
      expect(script.headers['content-type']).toMatch(/javascript/);
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      // A file that is not (or no longer) there is a 404, never the page.
      for (const url of ['/assets/index-first111.js', '/assets/index-missing.js']) {
        const missing = await app.inject({ method: 'GET', url });
        expect(missing.statusCode).toBe(404);
        expect(missing.body).not.toContain('<html');
      }
    }
  });

  it('an instance started before the first build serves it once it is there', async () => {
    const later = join(root, 'later');
    const early = await testApp({ WEB_DIST_DIR: later }, { seed: false });
    try {
      expect((await early.app.inject({ method: 'GET', url: '/sign-in' })).statusCode).toBe(503);
      writeBuild(later, 'index-late333');
      const page = await early.app.inject({ method: 'GET', url: '/sign-in' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('/assets/index-late333.js');
      expect((await early.app.inject({ method: 'GET', url: '/assets/index-late333.js' })).statusCode).toBe(200);
    } finally {
      await early.close();
    }
  });

  it("writes the could-not-load page in the visitor's language, with lang and dir", async () => {
    const english = await first.app.inject({ method: 'GET', url: '/sign-in' });
    expect(english.body).toContain('<html lang="en-US" dir="ltr">');
    expect(english.body).toContain('<h1>The page could not be loaded</h1>');
    expect(english.body).toContain('<a href="">Reload the page</a>');
    expect(english.body).not.toContain('__BOOT_');

    const arabic = await second.app.inject({
      method: 'GET',
      url: '/sign-in',
      headers: { 'accept-language': 'ar-AE,ar;q=0.9' },
    });
    expect(arabic.body).toContain('<html lang="ar-AE" dir="rtl">');
    expect(arabic.body).toContain('تعذّر تحميل الصفحة');
    expect(arabic.body).toContain('إعادة تحميل الصفحة');

    const byQuery = await second.app.inject({ method: 'GET', url: '/sign-in?lang=de-DE' });
    expect(byQuery.body).toContain('<html lang="de-DE" dir="ltr">');
    expect(byQuery.body).toContain('Seite neu laden');

    // index.html asked by name is the same translated page, not the raw file.
    const direct = await first.app.inject({ method: 'GET', url: '/index.html' });
    expect(direct.statusCode).toBe(200);
    expect(direct.body).toContain('Reload the page');
  });
});
