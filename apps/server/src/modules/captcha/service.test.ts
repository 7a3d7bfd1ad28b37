import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RequestError } from '../../http/request-error.ts';
import { createCaptchaVerifier } from './service.ts';

const answering = (body: unknown) => (async () => new Response(JSON.stringify(body))) as unknown as typeof fetch;
const failureOf = async (promise: Promise<void>) =>
  ((await promise.catch((e: unknown) => e)) as RequestError | undefined)?.hydraErrorCode;

describe('captcha verifier', () => {
  it('accepts everything when off', async () => {
    await expect(
      createCaptchaVerifier({ provider: 'none', secret: undefined }).verify(undefined, '1.2.3.4'),
    ).resolves.toBeUndefined();
  });

  it("accepts a token the provider accepts, and sends the secret, token and address to the provider's address", async () => {
    let sent = '';
    let url = '';
    const fetcher = (async (to: string, init: RequestInit) => {
      url = to;
      sent = String(init.body);
      return new Response(JSON.stringify({ success: true }));
    }) as unknown as typeof fetch;
    await createCaptchaVerifier({ provider: 'turnstile', secret: 's3cret', fetcher }).verify('tok', '1.2.3.4');
    expect(sent).toBe('secret=s3cret&response=tok&remoteip=1.2.3.4');
    expect(url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
  });

  it('posts to CAPTCHA_VERIFY_URL when set (a real local siteverify peer: fails, then passes)', async () => {
    const received: URLSearchParams[] = [];
    const peer = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        received.push(form);
        const answer =
          received.length === 1
            ? { success: false, 'error-codes': ['invalid-input-response'] }
            : { success: form.get('secret') === 'peer-secret' && form.get('response') === 'tok-2' };
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((done) => peer.listen(0, '127.0.0.1', done));
    try {
      const { port } = peer.address() as AddressInfo;
      const verifier = createCaptchaVerifier({
        provider: 'hcaptcha',
        secret: 'peer-secret',
        verifyUrl: `http://127.0.0.1:${port}/siteverify`,
      });
      expect(await failureOf(verifier.verify('tok-1', '10.0.0.1'))).toBe(1202);
      await expect(verifier.verify('tok-2', '10.0.0.1')).resolves.toBeUndefined();
      expect(received.map((form) => [form.get('secret'), form.get('response'), form.get('remoteip')])).toEqual([
        ['peer-secret', 'tok-1', '10.0.0.1'],
        ['peer-secret', 'tok-2', '10.0.0.1'],
      ]);
    } finally {
      await new Promise((done) => peer.close(done));
    }
  });

  it('maps failures to the captcha codes', async () => {
    const verifier = (provider: 'turnstile' | 'hcaptcha' | 'recaptcha', fetcher: typeof fetch) =>
      createCaptchaVerifier({ provider, secret: 's', fetcher });
    expect(await failureOf(verifier('hcaptcha', answering({})).verify(undefined, 'ip'))).toBe(1201);
    expect(
      await failureOf(
        verifier('hcaptcha', answering({ success: false, 'error-codes': ['invalid-input-response'] })).verify(
          't',
          'ip',
        ),
      ),
    ).toBe(1202);
    expect(
      await failureOf(
        verifier('recaptcha', answering({ success: false, 'error-codes': ['timeout-or-duplicate'] })).verify('t', 'ip'),
      ),
    ).toBe(1203);
    const down = (async () => {
      throw new Error('network');
    }) as unknown as typeof fetch;
    expect(await failureOf(verifier('turnstile', down).verify('t', 'ip'))).toBe(1204);
    expect(await failureOf(verifier('turnstile', answering({ success: false })).verify('t', 'ip'))).toBe(1200);
  });

  it('needs a secret when on', () => {
    expect(() => createCaptchaVerifier({ provider: 'turnstile', secret: undefined })).toThrow(/CAPTCHA_SECRET/);
  });
});
