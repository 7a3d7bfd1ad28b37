import { describe, expect, it } from 'vitest';
import { isAccountValid, isLoggedIn, SessionStore } from './session-store.ts';
import { useMemoryStorage } from '../testing/memory-storage.ts';

useMemoryStorage();

const account = { id: 'a', completed: true, stub: false };

describe('account validity and logged-in rule', () => {
  it('is invalid without id, when not completed or when a stub', () => {
    expect(isAccountValid(account)).toBe(true);
    expect(isAccountValid({ ...account, id: '' })).toBe(false);
    expect(isAccountValid({ ...account, completed: false })).toBe(false);
    expect(isAccountValid({ ...account, stub: true })).toBe(false);
    expect(isAccountValid(null)).toBe(false);
  });

  it('needs a token, no pending two-factor and a valid account', () => {
    const valid = account as never;
    expect(isLoggedIn({ accessToken: 't', refreshToken: null, pendingMfa: false, account: valid })).toBe(true);
    expect(isLoggedIn({ accessToken: null, refreshToken: null, pendingMfa: false, account: valid })).toBe(false);
    expect(isLoggedIn({ accessToken: 't', refreshToken: null, pendingMfa: true, account: valid })).toBe(false);
    expect(isLoggedIn({ accessToken: 't', refreshToken: null, pendingMfa: false, account: null })).toBe(false);
  });
});

describe('SessionStore', () => {
  it('keeps tokens and their pending two-factor in localStorage across a reload', () => {
    const store = new SessionStore();
    store.setTokens({ accessToken: 'at_1', refreshToken: 'rt_1', mfaRequired: true });
    const reloaded = new SessionStore();
    expect(reloaded.get()).toMatchObject({ accessToken: 'at_1', refreshToken: 'rt_1', pendingMfa: true });
    expect(window.localStorage.getItem('portal.pendingMfa')).toBe('true');
    reloaded.clear();
    expect(new SessionStore().get()).toMatchObject({ accessToken: null, refreshToken: null, pendingMfa: false });
  });

  it('follows the tokens another tab stores (two-factor finished there, or signed out)', () => {
    const listeners: ((event: { key: string | null }) => void)[] = [];
    Object.assign(globalThis, {
      addEventListener: (type: string, listener: (event: { key: string | null }) => void) => {
        if (type === 'storage') listeners.push(listener);
      },
    });
    try {
      const tab = new SessionStore();
      tab.setTokens({ accessToken: 'at_pending', refreshToken: 'rt_pending', mfaRequired: true });
      tab.mirrorAccount({ id: 'a', completed: true, stub: false } as never);
      let changes = 0;
      tab.subscribe(() => changes++);
      // The other tab finished two-factor: new tokens, no longer pending.
      window.localStorage.setItem('portal.accessToken', 'at_full');
      window.localStorage.setItem('portal.refreshToken', 'rt_full');
      window.localStorage.removeItem('portal.pendingMfa');
      for (const listener of listeners) listener({ key: 'portal.accessToken' });
      expect(tab.get()).toMatchObject({ accessToken: 'at_full', refreshToken: 'rt_full', pendingMfa: false });
      expect(isLoggedIn(tab.get())).toBe(true);
      expect(changes).toBe(1);
      // Keys of other stores change nothing.
      for (const listener of listeners) listener({ key: 'portal.locale' });
      expect(changes).toBe(1);
      // The other tab signed out.
      for (const key of ['portal.accessToken', 'portal.refreshToken']) window.localStorage.removeItem(key);
      for (const listener of listeners) listener({ key: null });
      expect(tab.get()).toMatchObject({ accessToken: null, refreshToken: null, pendingMfa: false, account: null });
    } finally {
      Reflect.deleteProperty(globalThis, 'addEventListener');
    }
  });
});
