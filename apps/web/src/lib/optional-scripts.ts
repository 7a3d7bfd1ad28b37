// Error reporting (Sentry) and the tag manager (GTM) load only when configured, after the app has
// rendered, never in the critical path.
import type { RuntimeConfig } from './runtime-config.ts';

const idle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 2000);

export function loadOptionalScripts(config: RuntimeConfig): void {
  if (config.gtm && /^GTM-[A-Z0-9]+$/.test(config.gtm)) {
    idle(() => {
      const script = document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.gtm)}`;
      document.head.appendChild(script);
    });
  }
  if (config.sentryDsn) {
    idle(() => {
      void import('./error-reporting.ts').then((m) => m.startErrorReporting(config.sentryDsn, config.sentryEnv));
    });
  }
}
