// When the signed-in cache may be used: only while listening, only after the barrier, never for a
// read that a change overtook. The database is a fake here; test/signed-in-cache.test.ts runs the
// same rules on two instances of a real one.
import { describe, expect, it } from 'vitest';
import type { ListenHandlers, Listener } from '../../db/listen.ts';
import type { Account } from '../accounts/service.ts';
import type { ResolvedSession } from './service.ts';
import { ACCOUNT_CHANGED_CHANNEL, SignedInService } from './signed-in-service.ts';

const TOKEN = `at_${'A'.repeat(43)}`;
const session: ResolvedSession = {
  id: 's1',
  accountId: 'a1',
  familyId: 'f1',
  mfaPending: false,
  clientId: null,
  verifiedAt: null,
  verifiedBy: null,
  firstFactor: null,
};

function setUp(options: { listening?: boolean; maxEntries?: number } = {}) {
  let handlers!: ListenHandlers;
  let listening = options.listening ?? true;
  let barrierWorks = true;
  const reads = { sessions: 0 };
  /** Runs while the session is read (a change that overtakes the read). */
  let duringRead: () => void = () => undefined;
  const listener: Listener = {
    get listening() {
      return listening;
    },
    inProcess: false,
    started: Promise.resolve(),
    notify: async (channel, payload) => {
      if (!barrierWorks) throw new Error('connection lost');
      queueMicrotask(() => handlers.onNotification(channel, payload));
    },
    reconnect: () => undefined,
    close: async () => undefined,
  };
  const service = new SignedInService(
    {
      sessions: {
        resolveLive: async () => {
          reads.sessions++;
          duringRead();
          return { session, expiresAt: new Date(Date.now() + 60_000) };
        },
        ended: async () => null,
      },
      accounts: { findById: async (id) => ({ id, username: 'Kept' }) as Account },
      standing: { refusalOfId: async () => null },
      db: {
        listen: (_channels, h) => {
          handlers = h;
          return listener;
        },
      },
    },
    { maxEntries: options.maxEntries ?? 100 },
  );
  return {
    service,
    reads,
    change: (accountId: string) => handlers.onNotification(ACCOUNT_CHANGED_CHANNEL, accountId),
    setListening: (value: boolean) => {
      listening = value;
      handlers.onListening(value);
    },
    breakBarrier: () => (barrierWorks = false),
    onRead: (fn: () => void) => (duringRead = fn),
  };
}

describe('SignedInService', () => {
  it('reads the database once, then answers from memory after the barrier', async () => {
    const t = setUp();
    await t.service.start();
    expect((await t.service.resolve(TOKEN))?.account?.username).toBe('Kept');
    expect((await t.service.resolve(TOKEN))?.session.id).toBe('s1');
    expect(t.reads.sessions).toBe(1);
    t.change('a1');
    await t.service.resolve(TOKEN);
    expect(t.reads.sessions).toBe(2);
  });

  it('reads the database every time and keeps nothing while not listening', async () => {
    const t = setUp({ listening: false });
    await t.service.start();
    await t.service.resolve(TOKEN);
    await t.service.resolve(TOKEN);
    expect(t.reads.sessions).toBe(2);
    expect(t.service.size).toBe(0);
  });

  it('drops everything when listening stops, and reads the database until it resumes', async () => {
    const t = setUp();
    await t.service.start();
    await t.service.resolve(TOKEN);
    expect(t.service.keeps(TOKEN)).toBe(true);
    t.setListening(false);
    expect(t.service.size).toBe(0);
    await t.service.resolve(TOKEN);
    expect(t.service.size).toBe(0);
    t.setListening(true);
    await t.service.resolve(TOKEN);
    await t.service.resolve(TOKEN);
    expect(t.reads.sessions).toBe(3);
  });

  it('does not keep a read that a change overtook', async () => {
    const t = setUp();
    await t.service.start();
    t.onRead(() => t.change('a-other'));
    await t.service.resolve(TOKEN);
    expect(t.service.size).toBe(0);
  });

  it('reads the database when the barrier fails', async () => {
    const t = setUp();
    await t.service.start();
    await t.service.resolve(TOKEN);
    t.breakBarrier();
    await t.service.resolve(TOKEN);
    expect(t.reads.sessions).toBe(2);
  });

  it('never keeps anything when off (0 entries)', async () => {
    const t = setUp({ maxEntries: 0 });
    await t.service.start();
    expect(t.service.caching).toBe(false);
    await t.service.resolve(TOKEN);
    await t.service.resolve(TOKEN);
    expect(t.reads.sessions).toBe(2);
  });

  it('answers null for what is not an access token, without reading', async () => {
    const t = setUp();
    await t.service.start();
    expect(await t.service.resolve('rt_nope')).toBeNull();
    expect(t.reads.sessions).toBe(0);
  });
});
