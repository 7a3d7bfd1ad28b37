import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { bootstrap } from './app/bootstrap.ts';
import { preloadScreens } from './app/routing/screens.tsx';
import { ServicesProvider } from './lib/services.tsx';
import { FlowServicesProvider } from './flows/flow-services.tsx';
import { Shell } from './app/shell/shell.tsx';
import { SystemFailure } from './app/system-failure.tsx';
import { initI18n, loadErrorMessagesFor } from './lib/i18n/locale.ts';
import { currentLanguage } from './lib/i18n/messages.ts';
import { loadOptionalScripts } from './lib/optional-scripts.ts';
import { relayPlatformCallback } from './lib/platforms/popup.ts';
import { history } from './lib/router/history.ts';
import { saveUtmFromUrl } from './lib/visitor.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

async function start() {
  saveUtmFromUrl(window.location.search);
  // The page's screens, the messages and the session load side by side, not one after the other.
  preloadScreens(window.location.pathname);
  const i18n = initI18n();
  try {
    const [, services] = await Promise.all([i18n, bootstrap(history.navigate)]);
    root.render(
      <StrictMode>
        <ServicesProvider services={services}>
          <FlowServicesProvider services={services}>
            <Shell />
          </FlowServicesProvider>
        </ServicesProvider>
      </StrictMode>,
    );
    // What the first screen does not need waits until the browser is idle (at most 2 s), so it does
    // not compete with the first screen for the main thread; analytics calls made meanwhile are kept.
    whenIdle(() => {
      loadOptionalScripts(services.config);
      void loadErrorMessagesFor(currentLanguage());
      void services.analytics.start();
    });
  } catch (error) {
    console.error('startup failed', error);
    await i18n.catch(() => undefined);
    root.render(<SystemFailure onRetry={() => window.location.reload()} />);
    void loadErrorMessagesFor(currentLanguage());
  }
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2_000 });
  else setTimeout(task, 200);
}

// Back from a platform's sign-in in its popup: hand the answer to the page and close, nothing else.
if (relayPlatformCallback()) {
  container.textContent = '';
} else {
  void start();
}
