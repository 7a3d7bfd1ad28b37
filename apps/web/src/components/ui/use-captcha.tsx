// The hook a form uses for its captcha: the widget (loaded on demand, only when a captcha is
// configured), a check that it was done, and the token passed to a call. Without a configured captcha
// nothing renders and no script loads.
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { CaptchaConfig } from '../../lib/captcha/captcha-config.ts';

const CaptchaField = lazy(() => import('./captcha-field.tsx'));

/**
 * A form's captcha: `field` is the widget (null when no captcha is configured), `ready()` asks for
 * the check when it is not done, and `send` passes the token to a call and, when the call fails,
 * resets the widget for a new try (the typed data stays in the form).
 */
export function useCaptcha(config: CaptchaConfig | undefined) {
  const token = useRef<string | null>(null);
  const [resets, setResets] = useState(0);
  const [missing, setMissing] = useState(false);
  const onToken = useCallback((value: string | null) => {
    token.current = value;
    if (value) setMissing(false);
  }, []);
  return {
    field: config ? (
      // The provider's widget is about 300 × 65-78 px: the space is kept while it loads.
      <Suspense fallback={<div className="field captcha-field" style={{ minBlockSize: '65px' }} />}>
        <CaptchaField config={config} onToken={onToken} resets={resets} missing={missing} />
      </Suspense>
    ) : null,
    ready(): boolean {
      if (!config || token.current) return true;
      setMissing(true);
      return false;
    },
    async send<T>(call: (captchaResponse: string | null) => Promise<T>): Promise<T> {
      try {
        return await call(token.current);
      } catch (error) {
        if (config) {
          token.current = null;
          setResets((n) => n + 1);
        }
        throw error;
      }
    },
  };
}
