// The captcha the server publishes in /config.json: its provider, public site key and widget script.
// Absent when no captcha is configured: then no widget renders and no third-party script loads.
import { z } from 'zod';

export const captchaConfigSchema = z.object({
  provider: z.enum(['turnstile', 'hcaptcha', 'recaptcha']),
  siteKey: z.string().min(1),
  scriptUrl: z.url({ protocol: /^https?$/ }),
});
export type CaptchaConfig = z.output<typeof captchaConfigSchema>;
export type CaptchaProvider = CaptchaConfig['provider'];

/** Portal locales whose provider language is the full tag (Chinese scripts, Brazilian Portuguese). */
const FULL_TAGS: Record<CaptchaProvider, string[]> = {
  turnstile: ['zh-CN', 'zh-TW', 'pt-BR'],
  hcaptcha: ['zh-CN', 'zh-TW'],
  recaptcha: ['zh-CN', 'zh-TW', 'pt-BR'],
};

/**
 * The language code the provider's widget understands for a portal locale: the language alone
 * (`ar`, `de`, `ja`...) or the full tag where the provider tells variants apart; Turnstile writes
 * Norwegian Bokmål `nb`, reCAPTCHA writes Latin-American Spanish `es-419`.
 */
export function providerLanguage(provider: CaptchaProvider, locale: string): string {
  if (FULL_TAGS[provider].includes(locale)) return provider === 'turnstile' ? locale.toLowerCase() : locale;
  const language = (locale.split('-')[0] ?? locale).toLowerCase();
  if (provider === 'turnstile' && language === 'no') return 'nb';
  if (provider === 'recaptcha' && locale === 'es-MX') return 'es-419';
  return language;
}

/**
 * The widget script's address for explicit rendering: the configured script with `render=explicit`,
 * the global `onload` callback the provider calls when its API is ready, and (hCaptcha, reCAPTCHA)
 * the language as `hl`; Turnstile takes its language at render time.
 */
export function widgetScriptUrl(config: CaptchaConfig, onload: string, locale: string): string {
  const url = new URL(config.scriptUrl);
  url.searchParams.set('render', 'explicit');
  url.searchParams.set('onload', onload);
  if (config.provider !== 'turnstile') url.searchParams.set('hl', providerLanguage(config.provider, locale));
  return url.toString();
}
