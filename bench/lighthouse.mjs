// Lighthouse 12, mobile preset (its default: a Moto G Power class phone, simulated slow 4G, 4× CPU
// slowdown), on /sign-in, /home and /account signed in, with the system Chromium (issue 14; budgets:
// performance >= 95, accessibility 100). Each page is measured RUNS times and the median is kept;
// the script exits non-zero when a median is under its budget.
//
//   node bench/lighthouse.mjs [--url http://localhost:8080] [--runs 3] [--save <dir for the JSON reports>]
//
// Runs under Node 24 (e.g. `npx -p node@24 -- node bench/lighthouse.mjs`). Without --url it does
// what `npm start` does (the production build, skipped when current) and starts the server on an
// embedded database in a temporary directory. Lighthouse (about 190 MB) is not a dependency of the
// project: it is installed on first use into node_modules/.cache/lighthouse-<version>.
// The signed-in pages are measured with a fresh player's tokens in localStorage, as the web app
// keeps them after a sign-in.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { apiHeaders, registerPlayer, waitReady } from './portal.mjs';

const LIGHTHOUSE_VERSION = '12.8.2';
const BUDGET = { performance: 95, accessibility: 100 };
const PAGES = [
  { path: '/sign-in', signedIn: false },
  { path: '/home', signedIn: true },
  { path: '/account', signedIn: true },
];
const PASSWORD = 'Tq8#vLp2-Lighthouse';
const PORT = 18_190;

const root = join(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: { url: { type: 'string' }, runs: { type: 'string', default: '3' }, save: { type: 'string' } },
});
const runs = Math.max(1, Number(args.runs) || 3);

/** Lighthouse and its puppeteer-core, installed once beside the project's modules. */
async function loadLighthouse() {
  const prefix = join(root, 'node_modules', '.cache', `lighthouse-${LIGHTHOUSE_VERSION}`);
  const modules = join(prefix, 'node_modules');
  if (!existsSync(join(modules, 'lighthouse', 'package.json'))) {
    console.log(`[lighthouse] installing lighthouse@${LIGHTHOUSE_VERSION} into ${prefix}`);
    execFileSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `lighthouse@${LIGHTHOUSE_VERSION}`],
      { stdio: 'inherit' },
    );
  }
  const lighthouse = (await import(pathToFileURL(join(modules, 'lighthouse', 'core', 'index.js')).href)).default;
  const puppeteer = (
    await import(pathToFileURL(join(modules, 'puppeteer-core', 'lib', 'esm', 'puppeteer', 'puppeteer-core.js')).href)
  ).default;
  return { lighthouse, puppeteer };
}

/** The server as `npm start` runs it, on a throw-away embedded database. */
async function startServer() {
  const built = spawnSync(process.execPath, ['scripts/run.mjs', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the web build failed');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const server = spawn(process.execPath, ['apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
  });
  const base = `http://127.0.0.1:${PORT}`;
  await waitReady(base, server);
  return {
    base,
    stop: () => {
      server.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new player, registered complete (display name, consents), and their tokens. */
async function newPlayer(base) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const player = { email: `lighthouse-${id}@example.com`, username: `Lh${id}`.slice(0, 16), password: PASSWORD };
  const answer = await registerPlayer(base, await apiHeaders(base), player);
  if (!answer.access_token) throw new Error('the registration answered no access token');
  return { accessToken: answer.access_token, refreshToken: answer.refresh_token ?? null };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const { lighthouse, puppeteer } = await loadLighthouse();
  const server = args.url ? { base: args.url.replace(/\/+$/, ''), stop: () => {} } : await startServer();
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: ['--headless=new', ...CHROMIUM_ARGS] });
  const results = [];
  try {
    await waitReady(server.base);
    const player = await newPlayer(server.base);
    for (const { path, signedIn } of PAGES) {
      const samples = [];
      for (let run = 0; run < runs; run++) {
        const page = await browser.newPage();
        // Storage is set on the origin first and kept by Lighthouse (disableStorageReset, which also
        // keeps the HTTP cache): the cache is cleared here, so every run is a first visit.
        await page.goto(`${server.base}/favicon.svg`);
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await cdp.detach();
        await page.evaluate(
          (tokens) => {
            localStorage.clear();
            sessionStorage.clear();
            if (tokens) {
              localStorage.setItem('portal.accessToken', tokens.accessToken);
              if (tokens.refreshToken) localStorage.setItem('portal.refreshToken', tokens.refreshToken);
            }
          },
          signedIn ? player : null,
        );
        const { lhr } = await lighthouse(
          `${server.base}${path}`,
          {
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          undefined,
          page,
        );
        await page.close();
        if (args.save) {
          mkdirSync(args.save, { recursive: true });
          writeFileSync(
            join(args.save, `${path.slice(1).replaceAll('/', '_') || 'root'}-${run + 1}.json`),
            JSON.stringify(lhr),
          );
        }
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== path) throw new Error(`${path} ended on ${finalPath}: not the page meant to be measured`);
        const audit = (id) => lhr.audits[id].numericValue;
        samples.push({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          si: audit('speed-index'),
        });
        const last = samples.at(-1);
        console.log(
          `${path} run ${run + 1}: performance ${last.performance}, accessibility ${last.accessibility}, ` +
            `FCP ${Math.round(last.fcp)} ms, LCP ${Math.round(last.lcp)} ms, TBT ${Math.round(last.tbt)} ms, CLS ${last.cls.toFixed(3)}`,
        );
      }
      const pick = (key) => median(samples.map((sample) => sample[key]));
      results.push({
        path,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        fcp: pick('fcp'),
        lcp: pick('lcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        range: `${Math.min(...samples.map((s) => s.performance))}-${Math.max(...samples.map((s) => s.performance))}`,
      });
    }
  } finally {
    await browser.close();
    server.stop();
  }

  console.log(`\nLighthouse ${LIGHTHOUSE_VERSION}, mobile preset, median of ${runs} runs:\n`);
  console.log('| page | performance (runs) | accessibility | FCP | LCP | TBT | CLS |');
  console.log('|---|---|---|---|---|---|---|');
  let failed = false;
  for (const r of results) {
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `| ${r.path} | ${r.performance} (${r.range}) | ${r.accessibility} | ${seconds(r.fcp)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`,
    );
    if (r.performance < BUDGET.performance || r.accessibility < BUDGET.accessibility) failed = true;
  }
  if (failed) {
    console.error(
      `\nUnder budget: performance >= ${BUDGET.performance} and accessibility ${BUDGET.accessibility} on every page.`,
    );
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
