// The rules of the in-process cache of signed-in requests (ADR 017): by access token hash, the
// session and its account, each entry kept until the token's own expiry at most, the least recently
// used dropped when full, and every entry of an account dropped when the account or one of its
// sessions changes. What is kept is frozen: a handler cannot change it for the next request.
import type { Account } from '../accounts/service.ts';
import type { IssuedSessionRow } from './repo.ts';

/** An access token's live session and its account. */
export interface SignedIn {
  session: IssuedSessionRow;
  account: Account;
}

interface Entry {
  value: SignedIn;
  /** When the access token expires (ms since 1970): the entry is not used from then on. */
  expiresAt: number;
}

export class SignedInCache {
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Oldest use first (a Map keeps insertion order; a hit moves its entry to the end). */
  readonly #entries = new Map<string, Entry>();
  /** The token hashes of each account's entries. */
  readonly #byAccount = new Map<string, Set<string>>();

  constructor(options: { maxEntries: number; now?: () => number }) {
    this.#maxEntries = options.maxEntries;
    this.#now = options.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Whether a live entry is kept for the token hash (does not count as a use). */
  has(tokenHash: string): boolean {
    const entry = this.#entries.get(tokenHash);
    return entry !== undefined && entry.expiresAt > this.#now();
  }

  /** The entry of a token hash, unless absent or expired (an expired one is dropped). */
  get(tokenHash: string): SignedIn | undefined {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return undefined;
    this.#entries.delete(tokenHash);
    if (entry.expiresAt <= this.#now()) {
      this.#unindex(tokenHash, entry);
      return undefined;
    }
    this.#entries.set(tokenHash, entry);
    return entry.value;
  }

  set(tokenHash: string, value: SignedIn, expiresAt: Date): void {
    if (this.#maxEntries <= 0 || expiresAt.getTime() <= this.#now()) return;
    this.delete(tokenHash);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value as string;
      this.delete(oldest);
    }
    const frozen: SignedIn = Object.freeze({
      session: Object.freeze({ ...value.session }),
      account: Object.freeze({ ...value.account }),
    });
    this.#entries.set(tokenHash, { value: frozen, expiresAt: expiresAt.getTime() });
    const hashes = this.#byAccount.get(value.account.id);
    if (hashes) hashes.add(tokenHash);
    else this.#byAccount.set(value.account.id, new Set([tokenHash]));
  }

  delete(tokenHash: string): void {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return;
    this.#entries.delete(tokenHash);
    this.#unindex(tokenHash, entry);
  }

  /** Drops every entry of the account (it or one of its sessions changed). */
  dropAccount(accountId: string): void {
    const hashes = this.#byAccount.get(accountId);
    if (!hashes) return;
    this.#byAccount.delete(accountId);
    for (const hash of hashes) this.#entries.delete(hash);
  }

  clear(): void {
    this.#entries.clear();
    this.#byAccount.clear();
  }

  #unindex(tokenHash: string, entry: Entry): void {
    const accountId = entry.value.account.id;
    const hashes = this.#byAccount.get(accountId);
    if (!hashes) return;
    hashes.delete(tokenHash);
    if (hashes.size === 0) this.#byAccount.delete(accountId);
  }
}
