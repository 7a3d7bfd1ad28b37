// The first request about an address answers alike, in status, body and time, whether or not the
// address has an account (issue 19): the work for one that has (a code or a link and its mail,
// written in one transaction) is matched for one that has not (security/even-timing.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

const PAIRS = 25;
let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await testApp({}, { seed: false });
});
afterAll(() => t.close());

const fresh = () => `even-${Date.now().toString(36)}-${n++}@example.com`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function account(options: { locked?: boolean } = {}): Promise<string> {
  const email = fresh();
  const id = await insertAccount(t.deps.db, { email });
  if (options.locked) await t.deps.db.query('UPDATE accounts SET locked_at = now() WHERE id = $1', [id]);
  return email;
}

/**
 * Times the first request about PAIRS fresh addresses with an account (mail goes out) and PAIRS
 * without, alternately, after 48 with (the server learns how long those take; its window of 32 forgets the first, slower ones); each request
 * from an address of its own, so that no rate limit is in the way.
 */
async function timings(url: string, withMail: () => Promise<string>, without: () => Promise<string>) {
  const send = async (email: string) => {
    const started = performance.now();
    const answer = await apiCall(
      t.app,
      'POST',
      url,
      undefined,
      { email },
      { remoteAddress: `198.18.${n % 250}.${n++ % 250}` },
    );
    const ms = performance.now() - started;
    // Each answer is timed alone: the mail a request queued is delivered before the next one starts.
    await t.deps.mailer.deliverDue();
    return { ms, status: answer.statusCode, body: answer.body };
  };
  for (let i = 0; i < 48; i++) await send(await withMail());
  const samples = { mail: [] as number[], none: [] as number[] };
  const answers = new Set<string>();
  for (let i = 0; i < PAIRS; i++) {
    const [a, b] = [await withMail(), await without()];
    const mail = await send(a);
    const none = await send(b);
    samples.mail.push(mail.ms);
    samples.none.push(none.ms);
    answers.add(`${mail.status} ${mail.body}`).add(`${none.status} ${none.body}`);
  }
  return { mail: median(samples.mail), none: median(samples.none), answers: [...answers] };
}

describe('answers about an address, with or without an account', () => {
  it.each([
    ['POST /accounts/recovery/init', '/api/accounts/recovery/init', () => account(), async () => fresh()],
    ['POST /accounts/unlock/init', '/api/accounts/unlock/init', () => account({ locked: true }), () => account()],
    ['POST /sessions/email', '/api/sessions/email', () => account(), async () => fresh()],
    ['POST /accounts/register/email', '/api/accounts/register/email', async () => fresh(), () => account()],
  ])('%s answers alike, in the same time', { retry: 2 }, async (_name, url, withMail, without) => {
    const { mail, none, answers } = await timings(url, withMail, without);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatch(/^200 /);
    // Without the matching, PostgreSQL answered an address without an account 3 to 6 times as fast
    // (1 ms against 3-6 ms: one transaction writing a code or link and its mail).
    const bound = Math.max(1, mail * 0.25);
    expect(Math.abs(mail - none), `with mail ${mail.toFixed(2)} ms, without ${none.toFixed(2)} ms`).toBeLessThan(bound);
  });
});
