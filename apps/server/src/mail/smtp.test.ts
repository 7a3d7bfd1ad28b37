// Sends through SMTP to a real SMTP server started in the test.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestError } from '../http/request-error.ts';
import { Mailer, SmtpTransport } from './mailer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('SMTP transport', () => {
  it('delivers a rendered, localized mail to the SMTP server', async () => {
    const mailer = new Mailer(new SmtpTransport(`smtp://127.0.0.1:${port}`, 'Aurora <no-reply@example.com>'), {
      brand: 'Aurora Games',
      supportUrl: 'https://support.example.com/',
    });
    await mailer.send({
      to: 'player@example.com',
      locale: 'en-US',
      template: 'register_code',
      data: { code: '123456', minutes: 10 },
    });
    await mailer.close();
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('no-reply@example.com');
    expect(mail.to).toEqual(['player@example.com']);
    expect(mail.raw).toMatch(/^Subject: Your Aurora Games verification code: 123456/m);
    expect(mail.raw).toMatch(/^Content-Language: en-US/m);
    expect(mail.raw).toContain('multipart/alternative');
    expect(mail.raw).toContain('123456');
  });

  it('reports an unreachable server as mail_service_error (1007)', async () => {
    const mailer = new Mailer(new SmtpTransport('smtp://127.0.0.1:1', 'a@example.com'), {
      brand: 'Aurora Games',
      supportUrl: 'https://support.example.com/',
    });
    const failure = await mailer
      .send({ to: 'p@example.com', locale: 'en-US', template: 'sign_in_code', data: { code: '000000' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RequestError);
    expect((failure as RequestError).hydraErrorCode).toBe(1007);
    await mailer.close();
  });
});
