// A browser, a system and a kind of device named from a User-Agent header, for the player's recent
// activity and signed-in devices ("Firefox", "Windows"; "PlayStation 5", a console). Read by
// ua-parser-js (the MIT 1.x line; ADR 034), with its names put as players know them ("Mac OS" is
// macOS, "Mobile Safari" is Safari, a headless Chrome is Chrome). Anything it cannot name is null,
// never a guess.
import UAParser from 'ua-parser-js';

/** What kind of device: ua-parser-js's types, a desktop when it names a system and no device. */
export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'console' | 'tv' | 'other';

export interface DescribedAgent {
  browser: string | null;
  os: string | null;
  /** The device's kind; null when nothing is known of the agent. */
  device: DeviceKind | null;
  /** The device's model when the agent names one ("Pixel 8", "PlayStation 5"). */
  model: string | null;
}

const BROWSER_NAMES: Record<string, string | null> = {
  'Chrome Headless': 'Chrome',
  'Chrome WebView': 'Chrome',
  'Mobile Safari': 'Safari',
  'Mobile Firefox': 'Firefox',
  // A console's or a device's built-in engine is no browser a player would name.
  WebKit: null,
};

const OS_NAMES: Record<string, string> = {
  'Mac OS': 'macOS',
  'Chromium OS': 'ChromeOS',
};

const KINDS: Record<string, DeviceKind> = {
  mobile: 'mobile',
  tablet: 'tablet',
  console: 'console',
  smarttv: 'tv',
  wearable: 'other',
  embedded: 'other',
};

export function describeUserAgent(userAgent: string | null): DescribedAgent {
  if (!userAgent) return { browser: null, os: null, device: null, model: null };
  const { browser, os, device } = new UAParser(userAgent.slice(0, 512)).getResult();
  const renamed = browser.name === undefined ? undefined : BROWSER_NAMES[browser.name];
  const browserName = browser.name === undefined ? null : renamed === undefined ? browser.name : renamed;
  const osName = os.name === undefined ? null : (OS_NAMES[os.name] ?? os.name);
  const kind = device.type ? (KINDS[device.type] ?? 'other') : osName || browserName ? 'desktop' : null;
  // "Macintosh" names no model a player would not already read from macOS.
  const model = device.model && device.model !== 'Macintosh' ? device.model : null;
  return { browser: browserName, os: osName, device: kind, model };
}
