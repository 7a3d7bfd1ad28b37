// The system Chromium (Debian's package; Playwright cannot download browsers here) and the flags it
// needs on this machine: no sandbox as root, no GPU, and none of its own network traffic (only
// loopback is reachable). Used by the browser tests (playwright.config.ts) and bench/lighthouse.mjs.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
