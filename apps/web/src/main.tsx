import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { SystemFailure } from './app/system-failure.tsx';
import { initI18n } from './lib/i18n.ts';
import { loadRuntimeConfig } from './lib/runtime-config.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

async function start() {
  const locale = await initI18n();
  try {
    const config = await loadRuntimeConfig();
    root.render(
      <StrictMode>
        <App config={config} locale={locale} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('startup failed', error);
    root.render(<SystemFailure onRetry={() => window.location.reload()} />);
  }
}

void start();
