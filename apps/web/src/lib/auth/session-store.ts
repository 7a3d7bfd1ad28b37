// Auth state (spec 000 §3, §4): tokens in localStorage, pending two-factor, the current account,
// the login redirect. An account is valid with an id, completed and not a stub; a user is logged in
// with an access token, no pending two-factor and a valid account.
import type { Account } from '@portal/contract/calls/entities';
import { KEYS, storage } from '../storage.ts';

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

export class SessionStore {
  #snapshot: SessionSnapshot;
  readonly #listeners = new Set<Listener>();

  constructor() {
    this.#snapshot = {
      accessToken: storage.get('local', KEYS.accessToken),
      refreshToken: storage.get('local', KEYS.refreshToken),
      pendingMfa: storage.get('session', KEYS.pendingMfa) === 'true',
      account: null,
    };
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
    storage.set('session', KEYS.pendingMfa, this.#snapshot.pendingMfa ? 'true' : null);
    for (const listener of this.#listeners) listener();
  }

  /** After a sign-in or refresh answer; mfa_required keeps the session pending. */
  setTokens(tokens: { accessToken: string; refreshToken?: string | null; mfaRequired?: boolean }) {
    this.#update({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? this.#snapshot.refreshToken,
      pendingMfa: tokens.mfaRequired ?? false,
    });
  }

  setAccount(account: Account | null) {
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
