// A built web app in a temporary directory, shaped like apps/web/dist: an index.html with the
// "could not load" placeholders (http/spa.ts fills them) naming one script under /assets/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function bootPage(script: string): string {
  return (
    `<!doctype html><html lang="en-US" dir="ltr"><head><script type="module" src="/assets/${script}.js"></script></head>` +
    `<body><div id="root"><main class="boot-fallback"><h1>__BOOT_TITLE__</h1><p>__BOOT_MESSAGE__</p>` +
    `<p><a href="">__BOOT_RELOAD__</a></p></main></div></body></html>`
  );
}

/** Writes index.html naming /assets/<script>.js, and that script with the given text. */
export function writeBuild(dir: string, script: string, text = `console.log(${JSON.stringify(script)});`): void {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), bootPage(script));
  writeFileSync(join(dir, 'assets', `${script}.js`), text);
}
