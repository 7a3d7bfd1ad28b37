// Issue 19: with an SMTP server that refuses or drops a quarter of the deliveries at random, every
// mail of a 1,000-mail run arrives exactly once (ADR 025). A drop happens before the server accepts
// the message (it closes without answering the data), so a retry is the only copy that arrives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpTransport } from '../src/mail/mailer.ts';
import { testApp } from '../test/helpers.ts';
import type { TestApp } from '../test/helpers.ts';
import { startSmtpPeer } from '../test/smtp-peer.ts';
import type { SmtpPeer } from '../test/smtp-peer.ts';
import { until } from '../test/until.ts';

const MAILS = 1000;
let peer: SmtpPeer;
let t: TestApp;

/** A small seeded generator (mulberry32), so a failing run can be repeated. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  peer = await startSmtpPeer({ faultRate: 0.25, random: seeded(19) });
  t = await testApp(
    { MAIL_RETRY_BASE_MS: '20', MAIL_RETRY_MAX_MS: '200', MAIL_POLL_MS: '50', MAIL_MAX_ATTEMPTS: '30' },
    { seed: false, transport: new SmtpTransport(peer.url, 'Aurora Games <no-reply@example.com>') },
  );
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('mail queue under a faulty SMTP server', () => {
  it(`delivers each of ${MAILS} mails exactly once while a quarter of the deliveries fail`, async () => {
    const codes = Array.from({ length: MAILS }, (_, i) => String(100000 + i));
    await Promise.all(
      codes.map((code, i) =>
        t.deps.mailer.send({
          to: `player${i}@example.com`,
          locale: 'en-US',
          template: 'sign_in_code',
          data: { code, minutes: 10 },
        }),
      ),
    );
    await until(() => peer.received.length >= MAILS, 'every mail to arrive', { timeoutMs: 300_000, everyMs: 200 });
    // Give a duplicate (there must be none) the time to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(peer.received).toHaveLength(MAILS);
    const ids = new Set(peer.received.map((mail) => mail.messageId));
    expect(ids.size).toBe(MAILS);
    for (const [i, code] of codes.entries()) {
      const arrived = peer.received.filter((mail) => mail.to[0] === `player${i}@example.com`);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]?.raw).toContain(code);
    }
    const faults = peer.faults.refused + peer.faults.closed + peer.faults.dropped;
    expect(faults).toBeGreaterThan(MAILS * 0.2);
    expect(peer.faults.dropped).toBeGreaterThan(0);
    const counts = await t.deps.mailer.queue.counts();
    expect(counts).toMatchObject({ pending: 0, failed: 0, sent: MAILS });
    console.log(`mail faults: ${JSON.stringify(peer.faults)}; ${MAILS} delivered once each`);
  });
});
