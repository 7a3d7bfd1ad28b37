// The statements of DeviceRepo implement the state machine's table (device-machine.ts): for every
// poll row, an authorization put in the row's state, polled with the row's guard holding, reads back
// the facts that choose that row, ends in the row's target state, and is redeemed by the statement
// exactly on the row that hands out tokens. Approve and deny change only a pending authorization.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount, testConfig, testDatabase } from '../../../test/helpers.ts';
import { composeOperations } from '../../composition.ts';
import type { Database } from '../../db/database.ts';
import { DEMO_OAUTH_CLIENT_ID, seedDemo } from '../../seed/demo.ts';
import { DEVICE_STATES, TRANSITIONS, decide, stateOf } from './device-machine.ts';
import type { DeviceState } from './device-machine.ts';
import { DeviceRepo } from './repo.ts';

const INTERVAL = 5;
const timing = { slowDownStepSeconds: 5, jitterMs: 250 };
let db: Database;
let drop: () => Promise<void>;
let repo: DeviceRepo;
let player: string;

beforeAll(async () => {
  ({ db, drop } = await testDatabase());
  await seedDemo(composeOperations(db, testConfig()));
  player = await insertAccount(db);
  repo = new DeviceRepo(db.orm);
});
afterAll(() => drop());

/** A new authorization in `state`; answers its id and device-code hash. */
async function authorizationIn(state: DeviceState, options: { early?: boolean } = {}) {
  const deviceCodeHash = randomUUID();
  const row = await repo.insert({
    deviceCodeHash,
    userCodeHash: randomUUID(),
    clientId: DEMO_OAUTH_CLIENT_ID,
    userFlow: 'default',
    authType: 'device',
    expiresAt: new Date(Date.now() + 600_000),
    intervalSeconds: INTERVAL,
  });
  if (!row) throw new Error('not inserted');
  const set: Record<DeviceState, string> = {
    pending: '',
    approved: `account_id = '${player}', authorized_at = now()`,
    denied: `error = 'access_denied'`,
    expired: `account_id = '${player}', authorized_at = now() - interval '11 minutes', expires_at = now() - interval '1 second'`,
    redeemed: `account_id = '${player}', authorized_at = now(), redeemed_at = now()`,
  };
  const polled = options.early ? 'now()' : `now() - interval '1 minute'`;
  await db.query(
    `UPDATE device_authorizations SET last_polled_at = ${polled}${set[state] ? `, ${set[state]}` : ''} WHERE id = $1`,
    [row.id],
  );
  return { id: row.id, deviceCodeHash };
}

async function storedState(id: string): Promise<{ state: DeviceState; interval: number }> {
  const [row] = await db.query<{
    redeemed: boolean;
    expired: boolean;
    denied: boolean;
    approved: boolean;
    interval_seconds: number;
  }>(
    `SELECT redeemed_at IS NOT NULL AS redeemed, expires_at <= now() AS expired, error IS NOT NULL AS denied,
       authorized_at IS NOT NULL AS approved, interval_seconds FROM device_authorizations WHERE id = $1`,
    [id],
  );
  if (!row) throw new Error('gone');
  return { state: stateOf(row), interval: row.interval_seconds };
}

describe('the poll statement', () => {
  const rows = TRANSITIONS.filter((t) => t.event === 'poll');
  it.each(rows.map((t) => [`${t.from} --poll${t.guard ? ` [${t.guard}]` : ''}--> ${t.to}: ${t.answer}`, t]))(
    '%s',
    async (_name, t) => {
      const { id, deviceCodeHash } = await authorizationIn(t.from, { early: t.guard === 'too_early' });
      const clientId = t.guard === 'other_client' ? 'another-client' : DEMO_OAUTH_CLIENT_ID;
      const polled = await repo.poll(deviceCodeHash, clientId, timing);
      if (!polled) throw new Error('not found');
      expect(stateOf(polled)).toBe(t.from);
      const chosen = decide('poll', stateOf(polled), {
        other_client: polled.clientId !== clientId,
        too_early: polled.early,
      });
      expect(chosen).toBe(t);
      expect(polled.redeemedNow).toBe(t.answer === 'tokens');
      const after = await storedState(id);
      expect(after.state).toBe(t.to);
      expect(after.interval).toBe(t.guard === 'too_early' ? INTERVAL + timing.slowDownStepSeconds : INTERVAL);
    },
  );

  it('redeems for any client when none is named (the spec token call), and hands the tokens out once', async () => {
    const { deviceCodeHash } = await authorizationIn('approved');
    const polls = await Promise.all(Array.from({ length: 5 }, () => repo.poll(deviceCodeHash, null, timing)));
    expect(polls.filter((p) => p?.redeemedNow)).toHaveLength(1);
    expect(polls.find((p) => p?.redeemedNow)).toMatchObject({ accountId: player, clientId: DEMO_OAUTH_CLIENT_ID });
  });

  it('finds nothing for an unknown device code', async () => {
    expect(await repo.poll(randomUUID(), null, timing)).toBeUndefined();
  });
});

describe('the approve and deny statements', () => {
  it.each(DEVICE_STATES.map((state) => [state]))('change an authorization only when pending: %s', async (state) => {
    const approving = await authorizationIn(state);
    expect(await repo.approve(approving.id, player)).toBe(state === 'pending');
    expect((await storedState(approving.id)).state).toBe(state === 'pending' ? 'approved' : state);
    const denying = await authorizationIn(state);
    expect(await repo.deny(denying.id, 'access_denied')).toBe(state === 'pending');
    expect((await storedState(denying.id)).state).toBe(state === 'pending' ? 'denied' : state);
  });
});
