// The rules of the signed-in cache: expiry, least recently used out first, an account's entries
// dropped together, frozen values, off at 0 entries.
import { describe, expect, it } from 'vitest';
import type { Account } from '../accounts/service.ts';
import { SignedInCache } from './signed-in-cache.ts';
import type { SignedIn } from './signed-in-cache.ts';

let clock = 1_000_000;
const now = () => clock;
const at = (ms: number) => new Date(clock + ms);

function signedIn(accountId: string, sessionId = `s-${accountId}`): SignedIn {
  return {
    session: {
      id: sessionId,
      accountId,
      familyId: 'f',
      mfaPending: false,
      clientId: null,
      verifiedAt: null,
      verifiedBy: null,
      firstFactor: null,
    },
    account: { id: accountId, username: `name-${accountId}` } as Account,
  };
}

describe('SignedInCache', () => {
  it('answers what it keeps until the token expires, then nothing', () => {
    const cache = new SignedInCache({ maxEntries: 10, now });
    cache.set('h1', signedIn('a1'), at(1_000));
    expect(cache.has('h1')).toBe(true);
    expect(cache.get('h1')?.account.id).toBe('a1');
    clock += 1_000;
    expect(cache.has('h1')).toBe(false);
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing for a token already expired, or when off (0 entries)', () => {
    const cache = new SignedInCache({ maxEntries: 10, now });
    cache.set('h1', signedIn('a1'), at(0));
    expect(cache.size).toBe(0);
    const off = new SignedInCache({ maxEntries: 0, now });
    off.set('h1', signedIn('a1'), at(1_000));
    expect(off.get('h1')).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = new SignedInCache({ maxEntries: 2, now });
    cache.set('h1', signedIn('a1'), at(1_000));
    cache.set('h2', signedIn('a2'), at(1_000));
    cache.get('h1'); // h2 is now the least recently used
    cache.set('h3', signedIn('a3'), at(1_000));
    expect(cache.has('h1')).toBe(true);
    expect(cache.has('h2')).toBe(false);
    expect(cache.has('h3')).toBe(true);
    expect(cache.size).toBe(2);
  });

  it("drops every entry of an account when it changes, and only that account's", () => {
    const cache = new SignedInCache({ maxEntries: 10, now });
    cache.set('h1', signedIn('a1', 's1'), at(1_000));
    cache.set('h2', signedIn('a1', 's2'), at(1_000));
    cache.set('h3', signedIn('a2'), at(1_000));
    cache.dropAccount('a1');
    expect(cache.has('h1')).toBe(false);
    expect(cache.has('h2')).toBe(false);
    expect(cache.has('h3')).toBe(true);
    // An entry kept again after the change is dropped by the next change.
    cache.set('h1', signedIn('a1', 's1'), at(1_000));
    cache.dropAccount('a1');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('answers frozen copies: a handler cannot change what the next request gets', () => {
    const cache = new SignedInCache({ maxEntries: 10, now });
    const value = signedIn('a1');
    cache.set('h1', value, at(1_000));
    value.account.username = 'changed after';
    const kept = cache.get('h1')!;
    expect(kept.account.username).toBe('name-a1');
    expect(Object.isFrozen(kept.account)).toBe(true);
    expect(Object.isFrozen(kept.session)).toBe(true);
    expect(() => {
      (kept.account as { username: string | null }).username = 'x';
    }).toThrow(TypeError);
  });
});
