// What the server wrote into index.html for the first screen (apps/server/src/http/boot-data.ts):
// the runtime config and the public settings, so start-up needs no API round trip. Absent when the
// page did not come from the portal's server (the Vite dev server) or the settings could not be read
// there: the app then asks for them as before.
import { BOOT_DATA_ID } from '@portal/contract/boot-data';
import { decode } from '@portal/contract/codec';

export interface BootData {
  config?: unknown;
  /** Decoded (typed values as the API client gives them), not yet checked against the call's schema. */
  settings?: unknown;
}

let read: BootData | null = null;

/** The page's boot data, read once; {} when there is none or it cannot be read. */
export function bootData(doc: Document | undefined = globalThis.document): BootData {
  if (read) return read;
  read = {};
  const text = doc?.getElementById(BOOT_DATA_ID)?.textContent;
  if (!text) return read;
  try {
    const parsed = JSON.parse(text) as { config?: unknown; settings?: unknown };
    read = {
      config: parsed.config,
      ...(parsed.settings === undefined ? {} : { settings: decode(parsed.settings) }),
    };
  } catch (error) {
    console.warn('the boot data of index.html could not be read', error);
  }
  return read;
}

/** For tests: forgets what was read. */
export function resetBootData(): void {
  read = null;
}
