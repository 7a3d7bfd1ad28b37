import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { runtimeConfig } from '../../http/runtime-routes.ts';
import { securityHeaders } from '../../http/security.ts';
import { captchaWidget } from './providers.ts';

const cspOf = (captcha: Parameters<typeof captchaWidget>[0]) => {
  const header = securityHeaders({ corsOrigins: [], captcha: captchaWidget(captcha) })['content-security-policy'] ?? '';
  return Object.fromEntries(
    header.split(';').map((directive) => {
      const [name = '', ...values] = directive.split(' ');
      return [name, values];
    }),
  ) as Record<string, string[] | undefined>;
};

describe('captcha widget settings and Content-Security-Policy', () => {
  it('publishes nothing and allows no third-party host when off', () => {
    expect(captchaWidget({ CAPTCHA_PROVIDER: 'none', CAPTCHA_SITE_KEY: 'key' })).toBeUndefined();
    const csp = cspOf({ CAPTCHA_PROVIDER: 'none' });
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toBeUndefined();
    expect(csp['connect-src']).toEqual(["'self'"]);
  });

  it("uses the provider's official widget script unless CAPTCHA_SCRIPT_URL is set", () => {
    expect(captchaWidget({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'site' })).toEqual({
      provider: 'turnstile',
      siteKey: 'site',
      scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
    });
    expect(
      captchaWidget({
        CAPTCHA_PROVIDER: 'hcaptcha',
        CAPTCHA_SITE_KEY: 'site',
        CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9/api.js',
      })?.scriptUrl,
    ).toBe('http://127.0.0.1:9/api.js');
  });

  it("allows each provider's documented script and frame hosts only when it is configured", () => {
    const turnstile = cspOf({ CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: 'k' });
    expect(turnstile['script-src']).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(turnstile['frame-src']).toEqual(["'self'", 'https://challenges.cloudflare.com']);
    expect(turnstile['style-src']).toEqual(["'self'"]);

    const hcaptcha = cspOf({ CAPTCHA_PROVIDER: 'hcaptcha', CAPTCHA_SITE_KEY: 'k' });
    for (const directive of ['script-src', 'frame-src', 'style-src', 'connect-src'])
      expect(hcaptcha[directive]).toEqual(expect.arrayContaining(['https://hcaptcha.com', 'https://*.hcaptcha.com']));
    expect(hcaptcha['script-src']).toContain('https://js.hcaptcha.com');

    const recaptcha = cspOf({ CAPTCHA_PROVIDER: 'recaptcha', CAPTCHA_SITE_KEY: 'k' });
    expect(recaptcha['script-src']).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']),
    );
    expect(recaptcha['frame-src']).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/']));
  });

  it('adds the host of CAPTCHA_SCRIPT_URL to scripts and frames', () => {
    const csp = cspOf({
      CAPTCHA_PROVIDER: 'turnstile',
      CAPTCHA_SITE_KEY: 'k',
      CAPTCHA_SCRIPT_URL: 'http://127.0.0.1:4567/turnstile/v0/api.js',
    });
    expect(csp['script-src']).toEqual(["'self'", 'https://challenges.cloudflare.com', 'http://127.0.0.1:4567']);
    expect(csp['frame-src']).toContain('http://127.0.0.1:4567');
  });

  it('tells the web app the widget in /config.json only when a captcha is configured', () => {
    expect(runtimeConfig(loadConfig({})).captcha).toBeUndefined();
    expect('captcha' in runtimeConfig(loadConfig({}))).toBe(false);
    const on = loadConfig({
      CAPTCHA_PROVIDER: 'recaptcha',
      CAPTCHA_SECRET: 'secret',
      CAPTCHA_SITE_KEY: 'public-site-key',
    });
    expect(runtimeConfig(on).captcha).toEqual({
      provider: 'recaptcha',
      siteKey: 'public-site-key',
      scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
    expect(JSON.stringify(runtimeConfig(on))).not.toContain('secret');
  });
});
