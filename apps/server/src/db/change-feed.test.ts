// The change feed's barrier (sync) over a listener the test drives by hand, then over the real
// drivers: PGlite hands a change over before the writing statement's promise resolves; PostgreSQL
// delivers a change committed before sync() ahead of sync's own notification.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, usesPostgres } from '../../test/helpers.ts';
import { ChangeFeed } from './change-feed.ts';
import type { Database } from './database.ts';
import type { ListenHandlers, Listener } from './listen.ts';

/** A listener whose notifications the test delivers, in order, when it wants. */
function manualListener(options: { listening?: boolean; inProcess?: boolean } = {}) {
  let handlers!: ListenHandlers;
  const sent: { channel: string; payload: string }[] = [];
  let listening = options.listening ?? true;
  const state = { reconnects: 0 };
  const db = {
    listen: (_channels: readonly string[], h: ListenHandlers): Listener => {
      handlers = h;
      return {
        get listening() {
          return listening;
        },
        inProcess: options.inProcess ?? false,
        started: Promise.resolve(),
        notify: async (channel, payload) => {
          sent.push({ channel, payload });
        },
        reconnect: () => {
          state.reconnects++;
        },
        close: async () => undefined,
      };
    },
  };
  return {
    db,
    sent,
    state,
    deliver: (channel: string, payload: string) => handlers.onNotification(channel, payload),
    /** Delivers the barriers sent so far back to the listener. */
    echo: () => {
      for (const { channel, payload } of sent.splice(0)) handlers.onNotification(channel, payload);
    },
    setListening: (value: boolean) => {
      listening = value;
      handlers.onListening(value);
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function feedOn(listener: ReturnType<typeof manualListener>, barrierTimeoutMs = 5_000) {
  const changes: string[] = [];
  let resets = 0;
  const feed = new ChangeFeed(
    listener.db,
    'things_changed',
    { onChange: (payload) => changes.push(payload), onReset: () => resets++ },
    { barrierTimeoutMs },
  );
  return { feed, changes, resets: () => resets };
}

describe('ChangeFeed.sync', () => {
  it('answers false when not listening, true at once when changes arrive in process', async () => {
    expect(await feedOn(manualListener({ listening: false })).feed.sync()).toBe(false);
    const inProcess = manualListener({ inProcess: true });
    expect(await feedOn(inProcess).feed.sync()).toBe(true);
    expect(inProcess.sent).toEqual([]);
  });

  it('resolves after the changes committed before it, which come first', async () => {
    const listener = manualListener();
    const { feed, changes } = feedOn(listener);
    let done = false;
    const synced = feed.sync().then((heard) => ((done = true), heard));
    await flush();
    expect(listener.sent).toHaveLength(1);
    expect(done).toBe(false);
    listener.deliver('things_changed', 'account-1');
    listener.echo();
    expect(await synced).toBe(true);
    expect(changes).toEqual(['account-1']);
  });

  it('does not let a caller that came after a barrier was sent pass with it', async () => {
    const listener = manualListener();
    const { feed } = feedOn(listener);
    const first = feed.sync();
    await flush();
    const second = feed.sync();
    const third = feed.sync(); // shares the second's barrier
    let secondDone = false;
    void second.then(() => (secondDone = true));
    listener.echo(); // the first barrier comes back
    expect(await first).toBe(true);
    await flush();
    expect(secondDone).toBe(false);
    expect(listener.sent).toHaveLength(1); // the next barrier, sent after the first came back
    listener.echo();
    expect(await second).toBe(true);
    expect(await third).toBe(true);
  });

  it('answers false and listens again when a barrier does not come back in time', async () => {
    const listener = manualListener();
    const { feed } = feedOn(listener, 20);
    expect(await feed.sync()).toBe(false);
    expect(listener.state.reconnects).toBe(1);
  });

  it('answers false to the waiting callers and resets when listening stops', async () => {
    const listener = manualListener();
    const { feed, resets } = feedOn(listener);
    const waiting = feed.sync();
    await flush();
    listener.setListening(false);
    expect(await waiting).toBe(false);
    expect(resets()).toBe(1);
    listener.setListening(true);
    expect(resets()).toBe(2);
  });
});

describe('over the database of the tests (PGlite, or PostgreSQL when DATABASE_URL is set)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await testDatabase());
  });
  afterAll(() => drop());

  it.runIf(!usesPostgres)(
    'PGlite hands a change over before the promise of the statement that committed it resolves',
    async () => {
      const heard: string[] = [];
      const listener = db.listen(['things_changed'], {
        onNotification: (_channel, payload) => heard.push(payload),
        onListening: () => undefined,
      });
      await listener.started;
      expect(listener).toMatchObject({ listening: true, inProcess: true });
      await db.query(`SELECT pg_notify('things_changed', 'one')`);
      expect(heard).toEqual(['one']);
      await db.orm.transaction(async (tx) => {
        await tx.execute(`SELECT pg_notify('things_changed', 'two')`);
      });
      expect(heard).toEqual(['one', 'two']);
      await listener.close();
    },
  );

  it('a change committed before sync() is handed over before sync resolves', async () => {
    const changes: string[] = [];
    const feed = new ChangeFeed(db, 'things_changed', {
      onChange: (payload) => changes.push(payload),
      onReset: () => undefined,
    });
    await feed.started;
    expect(feed.listening).toBe(true);
    for (let i = 0; i < 20; i++) {
      await db.query(`SELECT pg_notify('things_changed', $1)`, [String(i)]);
      expect(await feed.sync()).toBe(true);
      expect(changes.at(-1)).toBe(String(i));
    }
    await feed.close();
    expect(await feed.sync()).toBe(false);
  });

  it("announces each change of an account or its sessions with the account's id (migration 0016)", async () => {
    const changes: string[] = [];
    const feed = new ChangeFeed(db, 'account_changed', {
      onChange: (payload) => changes.push(payload),
      onReset: () => undefined,
    });
    await feed.started;
    const heard = async () => {
      expect(await feed.sync()).toBe(true);
      return changes.splice(0);
    };
    const [account] = await db.query<{ id: string }>(
      `INSERT INTO accounts (public_id, email) VALUES ('FEEDTEST0001', 'feed@example.com') RETURNING id`,
    );
    const id = account!.id;
    await db.query(
      `INSERT INTO sessions (account_id, family_id, access_token_hash, access_expires_at)
       VALUES ($1, gen_random_uuid(), 'feed-test-hash', now() + interval '15 minutes')`,
      [id],
    );
    expect(await heard()).toEqual([]); // new rows: nothing was kept for them
    await db.query(`UPDATE accounts SET country = 'FR' WHERE id = $1`, [id]);
    expect(await heard()).toEqual([id]);
    await db.query(`UPDATE accounts SET country = 'FR' WHERE id = $1`, [id]);
    expect(await heard()).toEqual([]); // nothing changed
    await db.query(`UPDATE sessions SET revoked_at = now() WHERE account_id = $1`, [id]);
    expect(await heard()).toEqual([id]);
    await db.query(`DELETE FROM accounts WHERE id = $1`, [id]);
    expect(await heard()).toEqual([id]); // the account and, by cascade, its session: the same notice once
    await db.exec('TRUNCATE sessions CASCADE');
    expect(await heard()).toEqual(['*']);
    await feed.close();
  });
});
