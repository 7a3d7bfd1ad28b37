// The flow store: a reload mid-flow continues; a stale or tampered stored value starts over.
import { describe, expect, it, vi } from 'vitest';
import { FlowStore } from './flow-store.ts';
import { useMemoryStorage } from '../lib/testing/memory-storage.ts';
import { NO_SIGN_UP } from './flow-state.ts';

useMemoryStorage();

describe('FlowStore', () => {
  it('survives a reload mid-flow', () => {
    const store = new FlowStore();
    store.send({ type: 'signUpStarted', email: 'p@example.com', game: null, prefill: {} });
    store.send({ type: 'ageAndLocationGiven', age: { dob: '2000-01-02', age: null, country: 'FR', territory: null } });
    expect(new FlowStore().get()).toEqual({
      flow: 'registration',
      step: 'age_and_location',
      game: null,
      signUp: { ...NO_SIGN_UP, email: 'p@example.com', dob: '2000-01-02', country: 'FR' },
    });
  });

  it('ignores tampered values', () => {
    window.sessionStorage.setItem('portal.flow', JSON.stringify({ flow: 'hack', step: 'nope', data: null }));
    expect(new FlowStore().get()).toEqual({ flow: null });
    // A step of another flow (an OAuth error in a device flow) is not a state.
    window.sessionStorage.setItem(
      'portal.flow',
      JSON.stringify({ flow: 'registration', step: 'oauth_error', game: null, signUp: NO_SIGN_UP }),
    );
    expect(new FlowStore().get()).toEqual({ flow: null });
    window.sessionStorage.setItem('portal.flow', '{not json');
    expect(new FlowStore().get()).toEqual({ flow: null });
  });

  it('refuses an event its flow does not take, and changes nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = new FlowStore();
    store.send({ type: 'signInStarted', email: 'p@example.com' });
    const before = store.get();
    expect(store.send({ type: 'deviceAuthorized' })).toBe(false);
    expect(store.get()).toBe(before);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
