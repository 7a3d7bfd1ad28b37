// The mail queue (ADR 025) against a real SMTP server on loopback: a call's mail is stored before the
// call answers and delivered by the worker; a refusal for now is retried with backoff, a refusal for
// good is given up (and can be put back), and nothing of a sent mail's contents is kept.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/admin/commands.ts';
import { composeOperations } from '../src/composition.ts';
import { SmtpTransport } from '../src/mail/mailer.ts';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { startSmtpPeer } from './smtp-peer.ts';
import type { SmtpPeer } from './smtp-peer.ts';
import { until } from './until.ts';

let peer: SmtpPeer;
let t: TestApp;

interface QueueRow extends Record<string, unknown> {
  id: string;
  template: string;
  payload: string | null;
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  failed_at: Date | null;
}
const rows = () => t.deps.db.query<QueueRow>('SELECT * FROM mail_queue ORDER BY id');

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await testApp(
    { MAIL_RETRY_BASE_MS: '20', MAIL_RETRY_MAX_MS: '100', MAIL_POLL_MS: '20', MAIL_MAX_ATTEMPTS: '4' },
    { seed: false, transport: new SmtpTransport(peer.url, 'Aurora Games <no-reply@example.com>') },
  );
  await insertAccount(t.deps.db, { email: 'queued@example.com', username: 'Queued' });
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
afterEach(async () => {
  peer.options.refuseWith = null;
  peer.received.length = 0;
  await t.deps.db.query('DELETE FROM mail_queue');
  await t.deps.db.query('DELETE FROM rate_limits');
});

const requestReset = () =>
  apiCall(t.app, 'POST', '/api/accounts/recovery/init', undefined, { email: 'queued@example.com' });

describe('mail queue', () => {
  it('stores the mail sealed before the call answers, then delivers it once and forgets its contents', async () => {
    await t.deps.mailer.stop();
    expect((await requestReset()).statusCode).toBe(200);
    const [queued] = await rows();
    expect(queued).toMatchObject({ template: 'password_reset', attempts: 0, sent_at: null });
    // Sealed at rest: neither the address nor the link can be read from the row.
    expect(queued?.payload).not.toContain('queued@example.com');
    expect(queued?.payload).not.toContain('choose-password');

    t.deps.mailer.start();
    await until(() => peer.received.length === 1, 'the mail to reach the SMTP server');
    const [mail] = peer.received;
    expect(mail?.to).toEqual(['queued@example.com']);
    expect(mail?.raw).toMatch(/^Subject: .*password/im);
    expect(mail?.raw).toContain('choose-password?token=');
    expect(mail?.messageId).toMatch(/^<queue-\d+@example\.com>$/);
    await until(async () => (await rows())[0]?.sent_at, 'the row to be marked sent');
    expect((await rows())[0]).toMatchObject({ payload: null, attempts: 1, last_error: null });
    expect(peer.received).toHaveLength(1);
  });

  it('writes a link and its mail in one transaction: when the mail cannot be stored, neither is', async () => {
    const links = async () => (await t.deps.db.query('SELECT id FROM link_tokens')).length;
    const before = await links();
    await t.deps.db.query('ALTER TABLE mail_queue ADD CONSTRAINT test_no_mail CHECK (false) NOT VALID');
    try {
      expect((await requestReset()).statusCode).toBe(500);
    } finally {
      await t.deps.db.query('ALTER TABLE mail_queue DROP CONSTRAINT test_no_mail');
    }
    expect(await links()).toBe(before);
    expect(await rows()).toEqual([]);
  });

  it('retries a mail the server refuses for now, and delivers it when the server takes mail again', async () => {
    peer.options.refuseWith = 451;
    await requestReset();
    await until(async () => ((await rows())[0]?.attempts ?? 0) >= 2, 'a second attempt');
    const [waiting] = await rows();
    expect(waiting?.last_error).toMatch(/^451 /);
    expect(waiting?.failed_at).toBeNull();
    expect(await t.deps.mailer.queue.counts()).toMatchObject({ pending: 1, retrying: 1, failed: 0 });

    peer.options.refuseWith = null;
    await until(() => peer.received.length === 1, 'the retried mail to arrive');
    await until(async () => (await rows())[0]?.sent_at, 'the row to be marked sent');
    expect(await t.deps.mailer.queue.counts()).toMatchObject({ pending: 0, retrying: 0, sent: 1 });
  });

  it('gives a mail up after MAIL_MAX_ATTEMPTS refusals for now, keeping it for an operator', async () => {
    peer.options.refuseWith = 421;
    await requestReset();
    await until(async () => (await rows())[0]?.failed_at, 'the mail to be given up');
    expect((await rows())[0]).toMatchObject({ attempts: 4 });
    expect(await t.deps.mailer.queue.counts()).toMatchObject({ pending: 0, failed: 1 });
    expect(peer.received).toHaveLength(0);
  });

  it('gives a mail up at once when the server refuses it for good (5xx); an operator sees it and puts it back', async () => {
    peer.options.refuseWith = 550;
    await requestReset();
    await until(async () => (await rows())[0]?.failed_at, 'the mail to be given up');
    const [failed] = await rows();
    expect(failed).toMatchObject({ attempts: 1 });
    expect(failed?.last_error).toMatch(/^550 /);
    const report = await runAdmin(['mail', 'queue'], composeOperations(t.deps.db, t.deps.config));
    expect(report[0]).toBe('pending 0 (of which retrying 0), oldest waiting 0 s');
    expect(report[1]).toBe('given up 1, sent 0 (kept until the sweep)');
    expect(report.at(-1)).toMatch(new RegExp(`^${failed?.id}\tpassword_reset\t1\tgiven up .*\t550 `));
    expect(report.join('\n')).not.toContain('queued@example.com');

    peer.options.refuseWith = null;
    expect(await runAdmin(['mail', 'retry', 'all'], composeOperations(t.deps.db, t.deps.config))).toEqual([
      '1 given-up mail(s) queued again; a running server sends them within MAIL_POLL_MS',
    ]);
    await until(() => peer.received.length === 1, 'the mail put back to arrive');
  });
});
