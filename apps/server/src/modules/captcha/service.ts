// Captcha check of the calls that declare `captcha: true` (registration, password sign-in): the
// response token comes in the X-Captcha-Response header and is verified with the configured provider's
// siteverify protocol (POST form secret, response, remoteip; JSON answer success, error-codes).
// Off by default.
import { RequestError } from '../../http/request-error.ts';
import { CAPTCHA_PROVIDERS, type CaptchaProvider } from './providers.ts';

export type { CaptchaProvider } from './providers.ts';

export interface CaptchaVerifier {
  /** Throws a captcha error (1200-1204) unless the response token is accepted. */
  verify(token: string | undefined, remoteIp: string): Promise<void>;
}

export interface CaptchaVerifierOptions {
  provider: CaptchaProvider;
  secret: string | undefined;
  /** CAPTCHA_VERIFY_URL: the siteverify address; the provider's official one when unset. */
  verifyUrl?: string | undefined;
  fetcher?: typeof fetch;
}

export function createCaptchaVerifier({
  provider,
  secret,
  verifyUrl,
  fetcher = fetch,
}: CaptchaVerifierOptions): CaptchaVerifier {
  if (provider === 'none') return { verify: async () => undefined };
  if (!secret) throw new Error(`CAPTCHA_SECRET is needed for CAPTCHA_PROVIDER=${provider}`);
  const endpoint = verifyUrl ?? CAPTCHA_PROVIDERS[provider].verifyUrl;
  return {
    async verify(token, remoteIp) {
      if (!token) throw new RequestError('captcha_missing');
      let answer: { success?: boolean; 'error-codes'?: string[] };
      try {
        const response = await fetcher(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }).toString(),
          signal: AbortSignal.timeout(5000),
        });
        answer = (await response.json()) as typeof answer;
      } catch {
        throw new RequestError('captcha_unavailable');
      }
      if (answer.success === true) return;
      const codes = answer['error-codes'] ?? [];
      if (codes.some((c) => /timeout|duplicate|expired/.test(c))) throw new RequestError('captcha_expired');
      if (codes.some((c) => /invalid-input-response|missing-input-response/.test(c)))
        throw new RequestError('captcha_invalid');
      throw new RequestError('captcha_failed');
    },
  };
}
