import { describe, expect, it } from 'vitest';
import { captchaConfigSchema, providerLanguage, widgetScriptUrl } from './captcha-config.ts';

describe('captcha widget configuration', () => {
  it('renders explicitly, names the onload callback and passes the language where the script takes it', () => {
    const turnstile = new URL(
      widgetScriptUrl(
        { provider: 'turnstile', siteKey: 'k', scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js' },
        'portalCaptchaLoadedX',
        'ar-AE',
      ),
    );
    expect(turnstile.origin + turnstile.pathname).toBe('https://challenges.cloudflare.com/turnstile/v0/api.js');
    expect(Object.fromEntries(turnstile.searchParams)).toEqual({ render: 'explicit', onload: 'portalCaptchaLoadedX' });

    const recaptcha = new URL(
      widgetScriptUrl(
        { provider: 'recaptcha', siteKey: 'k', scriptUrl: 'https://www.google.com/recaptcha/api.js?trustedtypes=true' },
        'cb',
        'es-MX',
      ),
    );
    expect(Object.fromEntries(recaptcha.searchParams)).toEqual({
      trustedtypes: 'true',
      render: 'explicit',
      onload: 'cb',
      hl: 'es-419',
    });
  });

  it("maps the portal's locales to each provider's language codes", () => {
    expect(['ar-AE', 'no-NO', 'zh-TW', 'pt-BR', 'de-DE'].map((tag) => providerLanguage('turnstile', tag))).toEqual([
      'ar',
      'nb',
      'zh-tw',
      'pt-br',
      'de',
    ]);
    expect(['ar-AE', 'no-NO', 'zh-CN', 'pt-BR'].map((tag) => providerLanguage('hcaptcha', tag))).toEqual([
      'ar',
      'no',
      'zh-CN',
      'pt',
    ]);
    expect(['ja-JP', 'no-NO', 'pt-BR', 'es-ES'].map((tag) => providerLanguage('recaptcha', tag))).toEqual([
      'ja',
      'no',
      'pt-BR',
      'es',
    ]);
  });

  it('accepts only a known provider with a site key and an http(s) script', () => {
    const valid = { provider: 'hcaptcha', siteKey: 'k', scriptUrl: 'https://js.hcaptcha.com/1/api.js' };
    expect(captchaConfigSchema.safeParse(valid).success).toBe(true);
    expect(captchaConfigSchema.safeParse({ ...valid, provider: 'none' }).success).toBe(false);
    expect(captchaConfigSchema.safeParse({ ...valid, siteKey: '' }).success).toBe(false);
    expect(captchaConfigSchema.safeParse({ ...valid, scriptUrl: 'javascript:alert(1)' }).success).toBe(false);
  });
});
