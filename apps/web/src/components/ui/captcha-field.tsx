// The configured captcha provider's widget (Turnstile, hCaptcha or reCAPTCHA), rendered explicitly
// with the public site key in the user's language. Loaded only where a captcha is configured
// (use-captcha.tsx), so a portal without one downloads none of it.
import { useEffect, useId, useRef, useState } from 'react';
import { type CaptchaConfig, providerLanguage } from '../../lib/captcha/captcha-config.ts';
import { type CaptchaApi, loadCaptchaApi, type WidgetId } from '../../lib/captcha/provider-api.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';

export interface CaptchaFieldProps {
  config: CaptchaConfig;
  onToken: (token: string | null) => void;
  /** Each increase asks the provider for a new check (a token is good for one call). */
  resets: number;
  /** The form was sent before the check was done. */
  missing: boolean;
}

export default function CaptchaField({ config, onToken, resets, missing }: CaptchaFieldProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const slot = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: CaptchaApi; id: WidgetId } | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const { provider, siteKey, scriptUrl } = config;
  const locale = i18n.language;

  useEffect(() => {
    const host = document.createElement('div');
    slot.current?.appendChild(host);
    let active = true;
    setUnavailable(false);
    const language = providerLanguage(provider, locale);
    loadCaptchaApi({ provider, siteKey, scriptUrl }, locale).then(
      (api) => {
        if (!active) return;
        const rendered = api.render(host, {
          sitekey: siteKey,
          theme: 'dark',
          callback: (token) => onToken(token),
          'expired-callback': () => onToken(null),
          'error-callback': () => {
            onToken(null);
            return true;
          },
          ...(provider === 'turnstile' ? { language } : provider === 'hcaptcha' ? { hl: language } : {}),
        });
        widget.current = { api, id: rendered };
      },
      () => {
        if (active) setUnavailable(true);
      },
    );
    return () => {
      active = false;
      const current = widget.current;
      widget.current = null;
      try {
        if (current) current.api.remove?.(current.id);
      } catch {
        // The provider may already have dropped a widget whose frame left the page.
      }
      host.remove();
      onToken(null);
    };
  }, [provider, siteKey, scriptUrl, locale, onToken]);

  useEffect(() => {
    if (resets > 0 && widget.current) widget.current.api.reset(widget.current.id);
  }, [resets]);

  useEffect(() => {
    if (missing) group.current?.focus();
  }, [missing]);

  const problem = unavailable ? t('captcha.unavailable') : missing ? t('captcha.required') : null;
  return (
    <div
      ref={group}
      className="field captcha-field"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={problem ? `${id}-error` : undefined}
      tabIndex={-1}
    >
      <p id={`${id}-label`} className="visually-hidden">
        {t('captcha.label')}
      </p>
      {/* The provider's widget is about 300 × 65-78 px: the space is kept so the form does not jump. */}
      <div ref={slot} style={{ minBlockSize: '65px' }} />
      {problem ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
