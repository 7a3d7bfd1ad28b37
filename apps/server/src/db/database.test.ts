// The two ways a statement commits: session tokens without waiting for the disk, everything else
// waiting (ADR 012); and deleting an account still deletes its refresh tokens (migration 0015).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, usesPostgres } from '../../test/helpers.ts';
import type { Database } from './database.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await testDatabase());
});
afterAll(() => drop());

const SETTING = `SELECT current_setting('synchronous_commit') AS value`;

describe('database', () => {
  it.runIf(usesPostgres)('commits session tokens without waiting for the disk, and the rest waiting', async () => {
    const [relaxed] = await db.queryAsyncCommit<{ value: string }>(SETTING, [], 'test_async_commit_setting');
    const [strict] = await db.query<{ value: string }>(SETTING);
    expect(relaxed?.value).toBe('off');
    expect(strict?.value).toBe('on');
  });

  it('answers the rows of a statement run with queryAsyncCommit', async () => {
    const rows = await db.queryAsyncCommit<{ n: number }>('SELECT $1::int + 1 AS n', [41], 'test_async_commit_rows');
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('deletes the refresh tokens of a deleted account through its sessions', async () => {
    const [account] = await db.query<{ id: string }>(
      `INSERT INTO accounts (public_id, email) VALUES ('DBTEST000001', 'db-test@example.com') RETURNING id`,
    );
    const id = account?.id;
    await db.queryAsyncCommit(
      `WITH s AS (
         INSERT INTO sessions (account_id, family_id, access_token_hash, access_expires_at)
         VALUES ($1, gen_random_uuid(), 'access-hash', now() + interval '1 hour') RETURNING id, account_id, family_id
       )
       INSERT INTO refresh_tokens (account_id, family_id, session_id, token_hash, family_expires_at)
       SELECT account_id, family_id, id, 'refresh-hash', now() + interval '1 day' FROM s`,
      [id],
      'test_insert_pair',
    );
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM refresh_tokens WHERE account_id = $1', [id]))[0]
        ?.n;
    expect(await count()).toBe(1);
    await db.query('DELETE FROM accounts WHERE id = $1', [id]);
    expect(await count()).toBe(0);
  });
});
