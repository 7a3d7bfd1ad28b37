// The sweep (ADR 026) deletes what is over and nothing else: ended sign-ins, rotated refresh tokens
// past reuse detection, used and expired codes and links, finished device authorizations, old mail,
// analytics and security events, where registrations came from once past the registration risk
// window; a sign-in in use keeps working. One instance sweeps at a time.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_LOCK_ID } from '../src/jobs/sweep.ts';
import { insertAccount, testApp, usesPostgres } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({
    SWEEP_INTERVAL_MS: '0',
    SWEEP_BATCH: '2',
    REFRESH_REUSE_DETECTION_HOURS: '1',
    MAIL_RETENTION_DAYS: '30',
    ANALYTICS_RETENTION_DAYS: '90',
    AUDIT_RETENTION_DAYS: '365',
    RISK_WINDOW_MINUTES: '60',
  });
});
afterAll(() => t.close());

const count = async (table: string, where = 'true') =>
  Number((await t.deps.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`))[0]?.n);

describe('sweep', () => {
  it('deletes what is over, in batches, and keeps everything still in use', async () => {
    const db = t.deps.db;
    const player = await insertAccount(db);
    const leaver = await insertAccount(db);
    const expired = await insertAccount(db);

    // A player signed in and refreshed once: the first pair is rotated away, the second is in use.
    const first = await t.deps.tokens.start({ accountId: player });
    const current = await t.deps.tokens.refresh(first.refreshToken);
    // A player who signed out, and one whose sign-in outlived REFRESH_TOKEN_TTL_DAYS.
    const left = await t.deps.tokens.start({ accountId: leaver });
    await t.deps.tokens.end(left.session);
    await t.deps.tokens.start({ accountId: expired });
    await db.query(`UPDATE refresh_tokens SET family_expires_at = now() - interval '1 second' WHERE account_id = $1`, [
      expired,
    ]);
    // Every access token has expired; the rotation happened longer ago than reuse detection needs.
    await db.query(`UPDATE sessions SET access_expires_at = now() - interval '1 second'`);
    await db.query(`UPDATE sessions SET revoked_at = now() - interval '2 hours' WHERE id = $1`, [first.session.id]);

    const devicesBefore = await count('device_authorizations');
    for (const [age, n] of [
      ['2 days', 3],
      ['-1 hour', 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        await db.query(
          `INSERT INTO email_codes (id, purpose, email, code_hash, expires_at)
           VALUES ($1, 'sign_in', 'codes@example.com', 'x', now() - $2::interval)`,
          [randomUUID(), age],
        );
        await db.query(
          `INSERT INTO link_tokens (purpose, account_id, token_hash, expires_at)
           VALUES ('recovery', $1, $2, now() - $3::interval)`,
          [player, randomUUID(), age],
        );
        await db.query(
          `INSERT INTO device_authorizations (device_code_hash, user_code_hash, client_id, expires_at, interval_seconds)
           VALUES ($1, $2, (SELECT client_id FROM oauth_clients LIMIT 1), now() - $3::interval, 5)`,
          [randomUUID(), randomUUID(), age],
        );
      }
    }
    await db.query(`INSERT INTO mail_queue (template, sent_at) VALUES ('x', now() - interval '31 days'),
      ('x', now()), ('x', NULL)`);
    await db.query(`INSERT INTO mail_queue (template, failed_at) VALUES ('x', now() - interval '40 days')`);
    await db.query(
      `INSERT INTO analytics_events (session_id, dedupe_index, name, platform_name, event_time, body, received_at)
       VALUES ('s', 1, 'e', 'web', now(), '{}', now() - interval '91 days'), ('s', 2, 'e', 'web', now(), '{}', now())`,
    );
    await db.query(
      `INSERT INTO audit_events (account_id, type, created_at)
      VALUES ($1, 'sign_in', now() - interval '366 days'), ($1, 'sign_in', now())`,
      [player],
    );

    await db.query(
      `INSERT INTO registration_sources (address_hash, created_at)
       VALUES ('old', now() - interval '61 minutes'), ('in-window', now() - interval '59 minutes')`,
    );

    const report = await t.deps.sweep.run();
    expect(report).toMatchObject({
      sessions: 3,
      email_codes: 3,
      link_tokens: 3,
      device_authorizations: 3,
      mail_queue: 2,
      analytics_events: 1,
      audit_events: 1,
      registration_sources: 1,
    });

    // What is in use stays: the player's sign-in, fresh codes and links, mail not yet old.
    const ours = `account_id IN ('${player}', '${leaver}', '${expired}')`;
    expect(await count('sessions', ours)).toBe(1);
    expect(await count('refresh_tokens', `account_id = '${player}'`)).toBe(1);
    const again = await t.deps.tokens.refresh(current.refreshToken);
    expect(again.accessToken).toMatch(/^at_/);
    expect(await count('email_codes', `email = 'codes@example.com'`)).toBe(1);
    expect(await count('link_tokens', `account_id = '${player}'`)).toBe(1);
    expect(await count('device_authorizations')).toBe(devicesBefore + 1);
    expect(await count('mail_queue')).toBe(2);
    expect(await count('analytics_events')).toBe(1);
    expect(await count('audit_events')).toBe(1);
    expect(await count('registration_sources', `address_hash = 'in-window'`)).toBe(1);

    // A second round finds nothing more.
    const second = await t.deps.sweep.run();
    expect(Object.values(second as Record<string, number>).every((n) => n === 0)).toBe(true);
  });

  it.skipIf(!usesPostgres)('skips its round while another instance sweeps (an advisory lock)', async () => {
    const report = await t.deps.db.withLock(SWEEP_LOCK_ID, () => t.deps.sweep.run());
    expect(report).toBe('skipped');
    expect(await t.deps.sweep.run()).not.toBe('skipped');
  });
});
