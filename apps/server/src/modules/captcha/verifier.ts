// Captcha check of the calls that create accounts or check passwords: the response token comes in
// the X-Captcha-Response header and is verified with the configured provider. Off by default.
import { RequestError } from '../../http/request-error.ts';

export type CaptchaProvider = 'none' | 'turnstile' | 'hcaptcha' | 'recaptcha';

const ENDPOINTS: Record<Exclude<CaptchaProvider, 'none'>, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
};

export interface CaptchaVerifier {
  /** Throws a captcha error (1200-1204) unless the response token is accepted. */
  verify(token: string | undefined, remoteIp: string): Promise<void>;
}

export function createCaptchaVerifier(
  provider: CaptchaProvider,
  secret: string | undefined,
  fetcher: typeof fetch = fetch,
): CaptchaVerifier {
  if (provider === 'none') return { verify: async () => undefined };
  if (!secret) throw new Error(`CAPTCHA_SECRET is needed for CAPTCHA_PROVIDER=${provider}`);
  return {
    async verify(token, remoteIp) {
      if (!token) throw new RequestError('captcha_missing');
      let answer: { success?: boolean; 'error-codes'?: string[] };
      try {
        const response = await fetcher(ENDPOINTS[provider], {
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
