// Unit tests' stand-in for the browser's storage: each test gets an empty localStorage and
// sessionStorage on `window` (the web unit tests run in Node, without a DOM).
import { beforeEach } from 'vitest';

class MemoryStorage {
  #data = new Map<string, string>();
  getItem(key: string) {
    return this.#data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.#data.set(key, value);
  }
  removeItem(key: string) {
    this.#data.delete(key);
  }
}

/** Before each test of the file: a `window` with empty local and session storage. */
export function useMemoryStorage(): void {
  beforeEach(() => {
    Object.assign(globalThis, { window: { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() } });
  });
}
