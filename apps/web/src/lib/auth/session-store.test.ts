import { beforeEach, describe, expect, it } from 'vitest';
import { FlowStore } from './flow-store.ts';
import { isAccountValid, isLoggedIn, SessionStore } from './session-store.ts';

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

beforeEach(() => {
  Object.assign(globalThis, { window: { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() } });
});

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
  it('keeps tokens in localStorage and pending two-factor in sessionStorage across a reload', () => {
    const store = new SessionStore();
    store.setTokens({ accessToken: 'at_1', refreshToken: 'rt_1', mfaRequired: true });
    const reloaded = new SessionStore();
    expect(reloaded.get()).toMatchObject({ accessToken: 'at_1', refreshToken: 'rt_1', pendingMfa: true });
    reloaded.clear();
    expect(new SessionStore().get()).toMatchObject({ accessToken: null, refreshToken: null, pendingMfa: false });
  });
});

describe('FlowStore', () => {
  it('survives a reload mid-flow', () => {
    new FlowStore().start('registration', 'age_and_location', { email: 'p@example.com' });
    expect(new FlowStore().get()).toEqual({
      flow: 'registration',
      step: 'age_and_location',
      data: { email: 'p@example.com' },
    });
  });

  it('ignores tampered values', () => {
    window.sessionStorage.setItem('portal.flow', JSON.stringify({ flow: 'hack', step: 'nope', data: null }));
    expect(new FlowStore().get()).toEqual({ flow: null, step: null, data: {} });
  });
});
