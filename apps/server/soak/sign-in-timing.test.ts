// Issue 19: a password sign-in answers an unknown address and a wrong password for a known one alike,
// in status, body and time: over 1,000 alternating trials their medians differ by 5 ms or less. Both
// do the same argon2id work (password-sign-in.ts); the known one also counts the failure and records
// it in the audit trail, which the unknown one matches (security/even-timing.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { insertAccount, portalHeaders, testApp } from '../test/helpers.ts';
import type { TestApp } from '../test/helpers.ts';

const TRIALS = 1000;
let t: TestApp;
beforeAll(async () => {
  // The lock would stop the known address's failures; the threshold is out of reach here.
  t = await testApp({ SOFT_LOCK_THRESHOLD: '100', SIGN_IN_PER_MINUTE: '100000' }, { seed: false });
  await insertAccount(t.deps.db, {
    email: 'timed@example.com',
    username: 'Timed',
    passwordHash: await hashPassword('Tq8#vLp2-Timed'),
  });
});
afterAll(() => t.close());

const signIn = (email: string, password: string, i: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sessions/auth/password',
    remoteAddress: `198.19.${Math.floor(i / 250) % 250}.${i % 250}`,
    headers: portalHeaders({ 'content-type': 'application/json', accept: 'application/json' }),
    payload: { email, password },
  });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe('password sign-in timing', () => {
  it(`answers an unknown address and a wrong password alike over ${TRIALS} alternating trials`, async () => {
    const samples = { unknown: [] as number[], known: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < TRIALS + 40; i++) {
      // Keep the known address's failure count below the lock, as a real one resets on success.
      if (i % 50 === 0) await t.deps.db.query(`UPDATE accounts SET failed_sign_ins = 0`);
      for (const [kind, email] of [
        ['unknown', `nobody-${i}@example.com`],
        ['known', 'timed@example.com'],
      ] as const) {
        const started = performance.now();
        const answer = await signIn(email, `Wrong#Passw0rd-${i}`, i);
        const ms = performance.now() - started;
        // The first 40 pairs warm the process and the server's durations up; they are not counted.
        if (i >= 40) samples[kind].push(ms);
        bodies.add(`${answer.statusCode} ${answer.body}`);
      }
    }
    expect([...bodies]).toHaveLength(1);
    expect([...bodies][0]).toMatch(/^401 .*invalid_credentials/);
    const [unknown, known] = [median(samples.unknown), median(samples.known)];
    console.log(
      `sign-in medians over ${TRIALS} trials: unknown ${unknown.toFixed(2)} ms, wrong password ${known.toFixed(2)} ms`,
    );
    expect(Math.abs(unknown - known)).toBeLessThanOrEqual(5);
  });
});
