// LISTEN/NOTIFY on either driver (Database.listen). PostgreSQL: a dedicated connection outside the
// pools, reconnected after a loss; while it is not listening, a notification may be missed, which
// the caller hears (onListening(false)) and must allow for. PGlite: in this process, on its one
// connection; it hands each notification to the listener before the promise of the statement that
// committed it resolves, so nothing can read around it.
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenHandlers {
  /** A notification, in the order the transactions that sent them committed. */
  onNotification(channel: string, payload: string): void;
  /** The connection started (again) or stopped listening; nothing was heard while it did not. */
  onListening(listening: boolean): void;
}

export interface Listener {
  readonly listening: boolean;
  /**
   * True when a notification reaches the listener before the writing statement's promise resolves
   * (PGlite): the listener has then heard every change committed before any later read.
   */
  readonly inProcess: boolean;
  /** Resolves once the first attempt to listen has ended, listening or not. */
  readonly started: Promise<void>;
  /** NOTIFY on the listening connection (fails when there is none). */
  notify(channel: string, payload: string): Promise<void>;
  /** Drops the connection (thought lost) and listens again on a new one. */
  reconnect(): void;
  close(): Promise<void>;
}

const RETRY_MS = [100, 250, 500, 1000, 2000];

/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'portal-listener';

export function listenPostgres(url: string, channels: readonly string[], handlers: ListenHandlers): Listener {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const setListening = (value: boolean) => {
    if (listening === value) return;
    listening = value;
    handlers.onListening(value);
  };
  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return;
    client = null;
    setListening(false);
    lostClient.end().catch(() => undefined);
    if (closed) return;
    retry = setTimeout(() => void connect(), RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    client = next;
    next.on('notification', (message) => {
      if (client === next) handlers.onNotification(message.channel, message.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
      if (client !== next || closed) return;
      failures = 0;
      setListening(true);
    } catch {
      lost(next);
    }
  };

  const started = connect();
  return {
    get listening() {
      return listening;
    },
    inProcess: false,
    started,
    notify: async (channel, payload) => {
      if (!client || !listening) throw new Error('not listening');
      await client.query({ name: 'listen_notify', text: 'SELECT pg_notify($1, $2)', values: [channel, payload] });
    },
    reconnect: () => {
      if (client) lost(client);
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = null;
      setListening(false);
      await last?.end().catch(() => undefined);
    },
  };
}

export function listenPglite(pglite: PGlite, channels: readonly string[], handlers: ListenHandlers): Listener {
  let listening = false;
  let unlisten: (() => Promise<void>)[] = [];
  const started = (async () => {
    try {
      unlisten = await Promise.all(
        channels.map((channel) => pglite.listen(channel, (payload) => handlers.onNotification(channel, payload))),
      );
    } catch {
      return; // the database is closing: nothing to listen to
    }
    listening = true;
    handlers.onListening(true);
  })();
  return {
    get listening() {
      return listening;
    },
    inProcess: true,
    started,
    notify: async (channel, payload) => {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    // One connection in this process: it cannot be lost without the database.
    reconnect: () => undefined,
    close: async () => {
      await started;
      if (!listening) return;
      listening = false;
      handlers.onListening(false);
      await Promise.all(unlisten.map((stop) => stop().catch(() => undefined)));
    },
  };
}
