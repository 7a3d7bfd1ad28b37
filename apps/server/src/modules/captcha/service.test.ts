import { describe, expect, it } from 'vitest';
import type { RequestError } from '../../http/request-error.ts';
import { startSiteverifyPeer } from '../../../test/siteverify-peer.ts';
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
    const peer = await startSiteverifyPeer({ secret: 'peer-secret', token: 'tok-2' });
    try {
      const verifier = createCaptchaVerifier({ provider: 'hcaptcha', secret: 'peer-secret', verifyUrl: peer.url });
      expect(await failureOf(verifier.verify('tok-1', '10.0.0.1'))).toBe(1202);
      await expect(verifier.verify('tok-2', '10.0.0.1')).resolves.toBeUndefined();
      expect(peer.received.map((form) => [form.get('secret'), form.get('response'), form.get('remoteip')])).toEqual([
        ['peer-secret', 'tok-1', '10.0.0.1'],
        ['peer-secret', 'tok-2', '10.0.0.1'],
      ]);
    } finally {
      await peer.close();
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
