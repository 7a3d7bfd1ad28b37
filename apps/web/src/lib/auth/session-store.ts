// Auth state (spec 000 §3, §4): tokens in localStorage, pending two-factor, the current account,
// the login redirect. An account is valid with an id, completed and not a stub; a user is logged in
// with an access token, no pending two-factor and a valid account. Whether the token is pending
// two-factor is kept beside it in localStorage (it says what the token is), and every tab follows
// what another tab writes there (issue 28): a sign-in finished, refreshed or ended in one tab is the
// same in the others, and none goes on with a token another tab replaced.
import type { Account } from '@portal/contract/calls/entities';
import { KEYS, storage } from '../storage.ts';
import { clearRestriction } from './restriction.ts';

export interface SessionSnapshot {
  accessToken: string | null;
  refreshToken: string | null;
  pendingMfa: boolean;
  account: Account | null;
}

export function isAccountValid(account: Pick<Account, 'id' | 'completed' | 'stub'> | null): boolean {
  return account !== null && Boolean(account.id) && account.completed && !account.stub;
}

export function isLoggedIn(session: SessionSnapshot): boolean {
  return session.accessToken !== null && !session.pendingMfa && isAccountValid(session.account);
}

type Listener = () => void;

const TOKEN_KEYS: readonly string[] = [KEYS.accessToken, KEYS.refreshToken, KEYS.pendingMfa];

function stored(): Pick<SessionSnapshot, 'accessToken' | 'refreshToken' | 'pendingMfa'> {
  return {
    accessToken: storage.get('local', KEYS.accessToken),
    refreshToken: storage.get('local', KEYS.refreshToken),
    pendingMfa: storage.get('local', KEYS.pendingMfa) === 'true',
  };
}

export class SessionStore {
  #snapshot: SessionSnapshot;
  readonly #listeners = new Set<Listener>();

  constructor() {
    this.#snapshot = { ...stored(), account: null };
    // Another tab signed in, finished two-factor, refreshed or signed out: take its tokens.
    if (typeof globalThis.addEventListener === 'function') {
      globalThis.addEventListener('storage', (event: StorageEvent) => {
        if (event.key !== null && !TOKEN_KEYS.includes(event.key)) return;
        this.#adopt(stored());
      });
    }
  }

  get = (): SessionSnapshot => this.#snapshot;

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #update(patch: Partial<SessionSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...patch };
    storage.set('local', KEYS.accessToken, this.#snapshot.accessToken);
    storage.set('local', KEYS.refreshToken, this.#snapshot.refreshToken);
    storage.set('local', KEYS.pendingMfa, this.#snapshot.pendingMfa ? 'true' : null);
    this.#notify();
  }

  /** What another tab stored; the account goes with the tokens when they end. */
  #adopt(tokens: ReturnType<typeof stored>) {
    const now = this.#snapshot;
    if (tokens.accessToken === now.accessToken && tokens.refreshToken === now.refreshToken) {
      if (tokens.pendingMfa === now.pendingMfa) return;
    }
    this.#snapshot = { ...now, ...tokens, account: tokens.accessToken === null ? null : now.account };
    this.#notify();
  }

  #notify() {
    for (const listener of this.#listeners) listener();
  }

  /** Takes what is stored now, when another tab may have changed it (a refresh reads it first). */
  reload() {
    this.#adopt(stored());
  }

  /**
   * After a sign-in or refresh answer; mfa_required keeps the session pending. The account was not
   * refused: a restriction's notice kept from before is over.
   */
  setTokens(tokens: { accessToken: string; refreshToken?: string | null; mfaRequired?: boolean }) {
    clearRestriction();
    this.#update({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? this.#snapshot.refreshToken,
      pendingMfa: tokens.mfaRequired ?? false,
    });
  }

  /** The signed-in account's copy: written by its cache only (lib/auth/account-cache.ts). */
  mirrorAccount(account: Account | null) {
    this.#update({ account });
  }

  clear() {
    this.#update({ accessToken: null, refreshToken: null, pendingMfa: false, account: null });
  }

  get loginRedirect(): string | null {
    return storage.get('session', KEYS.loginRedirect);
  }

  set loginRedirect(target: string | null) {
    storage.set('session', KEYS.loginRedirect, target);
  }

  get consentTarget(): string | null {
    return storage.get('session', KEYS.consentTarget);
  }

  set consentTarget(target: string | null) {
    storage.set('session', KEYS.consentTarget, target);
  }
}
