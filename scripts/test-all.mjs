// `npm test`: every suite of the project, then one closing line `N passed, N failed`.
//   1. Vitest: contract, server (PGlite; PostgreSQL too when DATABASE_URL is set) and web units.
//   2. Playwright in Chromium against the real server (after building the web app).
// One after the other: each suite uses a worker per core (vitest.config.ts, playwright.config.ts);
// side by side they asked for twice the cores there are (on 2 cores the load reached 14 and waits
// timed out). Without Chromium the browser suite is skipped with a clear message, except under
// CI=true, where a missing browser is a failure.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

function run(command, args, { root, env = {}, prefix }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const forward = (stream, out) => {
      let buffered = '';
      stream.on('data', (chunk) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) out.write(`${prefix} ${line}\n`);
      });
      stream.on('end', () => buffered && out.write(`${prefix} ${buffered}\n`));
    };
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitest(root) {
  return vitestRun(root, { name: 'unit and API tests', file: 'vitest.json', prefix: '[unit]', config: [] });
}

/** The long tests (vitest.soak.config.ts): `npm run test:soak`, and CI after the other suites. */
function soak(root) {
  return vitestRun(root, {
    name: 'soak tests',
    file: 'vitest-soak.json',
    prefix: '[soak]',
    config: ['--config', 'vitest.soak.config.ts'],
  });
}

async function vitestRun(root, { name, file, prefix, config }) {
  const output = join(root, 'test-results', file);
  const code = await run(
    'npx',
    ['vitest', 'run', ...config, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    { root, prefix, env: { FORCE_COLOR: '0' } },
  );
  const report = readJson(output);
  if (!report) return { name, passed: 0, failed: 1, skipped: 0, code, failures: [`${name}: no report written`] };
  const failures = (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => `${file.name.replace(`${root}/`, '')} › ${test.fullName}`)
      .concat(
        file.status === 'failed' && !file.assertionResults?.length ? [`${file.name}: ${file.message ?? ''}`] : [],
      ),
  );
  return {
    name,
    failures,
    passed: report.numPassedTests,
    failed: report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0),
    skipped: report.numPendingTests + report.numTodoTests,
    code,
  };
}

function countPlaywright(report) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'skipped') counts.skipped++;
        else if (t.status === 'expected' || t.status === 'flaky') counts.passed++;
        else {
          counts.failed++;
          counts.failures.push(`${spec.file} › ${spec.title} [${t.projectName}]`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return counts;
}

async function browser(root) {
  const name = 'browser tests';
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const how = `Chromium was not found at ${chromium}. Install it with \`sudo apt-get install -y chromium\` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
    if (process.env.CI === 'true') {
      console.error(`[browser] FAILED: ${how}`);
      return { name, passed: 0, failed: 1, skipped: 0, code: 1 };
    }
    console.warn(`[browser] SKIPPED: ${how}`);
    return { name, passed: 0, failed: 0, skipped: 1, code: 0 };
  }
  const built = await run('npm', ['run', 'build', '-w', '@portal/web'], { root, prefix: '[browser]' });
  if (built !== 0) return { name, passed: 0, failed: 1, skipped: 0, code: built };
  // The JavaScript budget of the sign-in route is checked on the same build.
  const budget = await run('node', ['bench/bundle-size.mjs'], { root, prefix: '[budget]' });
  if (budget !== 0) console.error('[budget] FAILED: /sign-in needs more JavaScript than its 120 KB budget');
  const code = await run('npx', ['playwright', 'test'], { root, prefix: '[browser]', env: { FORCE_COLOR: '0' } });
  const report = readJson(join(root, 'test-results', 'playwright.json'));
  if (!report) return { name, passed: 0, failed: 1, skipped: 0, code };
  const counts = countPlaywright(report);
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  if (budget === 0) counts.passed += 1;
  else {
    counts.failed += 1;
    counts.failures.push('bench/bundle-size.mjs › /sign-in over its JavaScript budget');
  }
  return { name, ...counts, code: code || budget };
}

/**
 * `npm test` runs the unit and browser suites; `npm test -- unit|browser|soak` one of them. The soak
 * suite runs only when asked for (`npm run test:soak`) or with `soak: true` (CI).
 */
export async function runAllTests({ root, args = [], soak: withSoak = false }) {
  const only = args[0];
  rmSync(join(root, 'test-results'), { recursive: true, force: true });
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const started = Date.now();
  const results = [];
  for (const [name, suite] of [
    ['unit', vitest],
    ['browser', browser],
    ['soak', soak],
  ]) {
    if (only ? only !== name : name === 'soak' && !withSoak) continue;
    const suiteStarted = Date.now();
    results.push({ ...(await suite(root)), seconds: Math.round((Date.now() - suiteStarted) / 1000) });
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log('');
  for (const r of results) {
    console.log(
      `  ${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${r.seconds} s)`,
    );
    total.passed += r.passed;
    total.failed += r.failed;
    total.skipped += r.skipped;
  }
  // The names of what failed, last, where a log cut to its end still shows them.
  const failures = results.flatMap((r) => r.failures ?? []);
  if (failures.length > 0) console.log(`  failed:\n${failures.map((f) => `    ${f}`).join('\n')}`);
  console.log(`  (${Math.round((Date.now() - started) / 1000)} s; screenshots in test-results/screenshots)`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return total.failed === 0 && results.every((r) => r.code === 0);
}
