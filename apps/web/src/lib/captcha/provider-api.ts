// The provider's widget API (window.turnstile, window.hcaptcha, window.grecaptcha: the same explicit
// rendering shape), loaded once per page and only when a captcha is configured.
import { type CaptchaConfig, type CaptchaProvider, widgetScriptUrl } from './captcha-config.ts';

export type WidgetId = string | number;

export interface RenderParameters {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  /** Turnstile: answering true says the error is handled (it would throw otherwise). */
  'error-callback': () => boolean;
  /** Turnstile's language. */
  language?: string;
  /** hCaptcha's language (reCAPTCHA takes it from the script address only). */
  hl?: string;
  /** The portal is dark (color-scheme: dark): the widget too. */
  theme: 'dark';
  tabindex?: number;
}

export interface CaptchaApi {
  render(container: HTMLElement, parameters: RenderParameters): WidgetId;
  reset(id?: WidgetId): void;
  /** Turnstile and hCaptcha; reCAPTCHA has none (its container is emptied instead). */
  remove?(id: WidgetId): void;
}

declare global {
  interface Window {
    turnstile?: CaptchaApi;
    hcaptcha?: CaptchaApi;
    grecaptcha?: CaptchaApi;
    [onload: `portalCaptchaLoaded${string}`]: (() => void) | undefined;
  }
}

const GLOBAL: Record<CaptchaProvider, 'turnstile' | 'hcaptcha' | 'grecaptcha'> = {
  turnstile: 'turnstile',
  hcaptcha: 'hcaptcha',
  recaptcha: 'grecaptcha',
};

let loading: { key: string; api: Promise<CaptchaApi> } | null = null;

/** Loads the provider's script once (again only after a failed load) and resolves with its API. */
export function loadCaptchaApi(config: CaptchaConfig, locale: string): Promise<CaptchaApi> {
  const key = `${config.provider} ${config.scriptUrl}`;
  if (loading?.key === key) return loading.api;
  const api = new Promise<CaptchaApi>((resolve, reject) => {
    const loaded = window[GLOBAL[config.provider]];
    if (loaded) return resolve(loaded);
    const onload = `portalCaptchaLoaded${Math.random().toString(36).slice(2)}` as const;
    window[onload] = () => {
      window[onload] = undefined;
      const ready = window[GLOBAL[config.provider]];
      if (ready) resolve(ready);
      else reject(new Error(`${config.provider} script loaded without its API`));
    };
    const script = document.createElement('script');
    script.src = widgetScriptUrl(config, onload, locale);
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      script.remove();
      window[onload] = undefined;
      reject(new Error(`${config.provider} script could not load`));
    };
    document.head.appendChild(script);
  });
  loading = { key, api };
  api.catch(() => {
    if (loading?.api === api) loading = null;
  });
  return api;
}
