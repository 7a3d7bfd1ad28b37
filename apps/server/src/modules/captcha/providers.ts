// What each captcha provider needs: its official verify address, its widget script, and the hosts the
// widget loads scripts, frames and styles from (each provider's documented Content-Security-Policy).
export type CaptchaProvider = 'none' | 'turnstile' | 'hcaptcha' | 'recaptcha';
export type ActiveCaptchaProvider = Exclude<CaptchaProvider, 'none'>;

export interface CaptchaProviderFacts {
  /** The official siteverify address (POST form: secret, response, remoteip). */
  verifyUrl: string;
  /** The official widget script; the web app adds explicit rendering, its onload callback and language. */
  scriptUrl: string;
  /** Sources the widget needs per Content-Security-Policy directive, as the provider documents them. */
  csp: Partial<Record<'script-src' | 'frame-src' | 'style-src' | 'connect-src', string[]>>;
}

export const CAPTCHA_PROVIDERS: Record<ActiveCaptchaProvider, CaptchaProviderFacts> = {
  // https://developers.cloudflare.com/turnstile/reference/content-security-policy/
  turnstile: {
    verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    csp: { 'script-src': ['https://challenges.cloudflare.com'], 'frame-src': ['https://challenges.cloudflare.com'] },
  },
  // https://docs.hcaptcha.com/#content-security-policy-settings
  hcaptcha: {
    verifyUrl: 'https://api.hcaptcha.com/siteverify',
    scriptUrl: 'https://js.hcaptcha.com/1/api.js',
    csp: {
      'script-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      'frame-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      'style-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
      'connect-src': ['https://hcaptcha.com', 'https://*.hcaptcha.com'],
    },
  },
  // https://developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website.-how-can-i-configure-it-to-work-with-recaptcha
  recaptcha: {
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    scriptUrl: 'https://www.google.com/recaptcha/api.js',
    csp: {
      'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
      'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
    },
  },
};

export type CaptchaDirective = keyof CaptchaProviderFacts['csp'];

/** What the web app needs to render the widget (published in /config.json); undefined when off. */
export interface CaptchaWidget {
  provider: ActiveCaptchaProvider;
  siteKey: string;
  scriptUrl: string;
}

export interface CaptchaSettings {
  CAPTCHA_PROVIDER: CaptchaProvider;
  CAPTCHA_SITE_KEY?: string | undefined;
  CAPTCHA_SCRIPT_URL?: string | undefined;
}

export function captchaWidget(settings: CaptchaSettings): CaptchaWidget | undefined {
  const provider = settings.CAPTCHA_PROVIDER;
  if (provider === 'none' || !settings.CAPTCHA_SITE_KEY) return undefined;
  return {
    provider,
    siteKey: settings.CAPTCHA_SITE_KEY,
    scriptUrl: settings.CAPTCHA_SCRIPT_URL ?? CAPTCHA_PROVIDERS[provider].scriptUrl,
  };
}

/** The sources the configured widget adds to each CSP directive (none when off). */
export function captchaCspSources(widget: CaptchaWidget | undefined): Partial<Record<CaptchaDirective, string[]>> {
  if (!widget) return {};
  const own = CAPTCHA_PROVIDERS[widget.provider].csp;
  const scriptOrigin = new URL(widget.scriptUrl).origin;
  const add = (list: string[] | undefined) => [...new Set([...(list ?? []), scriptOrigin])];
  return { ...own, 'script-src': add(own['script-src']), 'frame-src': add(own['frame-src']) };
}
