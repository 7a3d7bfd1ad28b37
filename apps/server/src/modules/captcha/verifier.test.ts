import { describe, expect, it } from 'vitest';
import type { RequestError } from '../../http/request-error.ts';
import { createCaptchaVerifier } from './verifier.ts';

const answering = (body: unknown) => (async () => new Response(JSON.stringify(body))) as unknown as typeof fetch;
const failureOf = async (promise: Promise<void>) =>
  ((await promise.catch((e: unknown) => e)) as RequestError | undefined)?.hydraErrorCode;

describe('captcha verifier', () => {
  it('accepts everything when off', async () => {
    await expect(createCaptchaVerifier('none', undefined).verify(undefined, '1.2.3.4')).resolves.toBeUndefined();
  });

  it('accepts a token the provider accepts, and sends the secret, token and address', async () => {
    let sent = '';
    const fetcher = (async (_url: string, init: RequestInit) => {
      sent = String(init.body);
      return new Response(JSON.stringify({ success: true }));
    }) as unknown as typeof fetch;
    await createCaptchaVerifier('turnstile', 's3cret', fetcher).verify('tok', '1.2.3.4');
    expect(sent).toBe('secret=s3cret&response=tok&remoteip=1.2.3.4');
  });

  it('maps failures to the captcha codes', async () => {
    expect(await failureOf(createCaptchaVerifier('hcaptcha', 's', answering({})).verify(undefined, 'ip'))).toBe(1201);
    expect(
      await failureOf(
        createCaptchaVerifier(
          'hcaptcha',
          's',
          answering({ success: false, 'error-codes': ['invalid-input-response'] }),
        ).verify('t', 'ip'),
      ),
    ).toBe(1202);
    expect(
      await failureOf(
        createCaptchaVerifier(
          'recaptcha',
          's',
          answering({ success: false, 'error-codes': ['timeout-or-duplicate'] }),
        ).verify('t', 'ip'),
      ),
    ).toBe(1203);
    const down = (async () => {
      throw new Error('network');
    }) as unknown as typeof fetch;
    expect(await failureOf(createCaptchaVerifier('turnstile', 's', down).verify('t', 'ip'))).toBe(1204);
    expect(
      await failureOf(createCaptchaVerifier('turnstile', 's', answering({ success: false })).verify('t', 'ip')),
    ).toBe(1200);
  });

  it('needs a secret when on', () => {
    expect(() => createCaptchaVerifier('turnstile', undefined)).toThrow(/CAPTCHA_SECRET/);
  });
});
