import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { bootstrap } from './app/bootstrap.ts';
import { createRouter } from './app/routing/router.tsx';
import { ServicesProvider } from './app/services.tsx';
import { SystemFailure } from './app/system-failure.tsx';
import { loadOptionalScripts } from './lib/optional-scripts.ts';
import { initI18n } from './lib/i18n.ts';
import { saveUtmFromUrl } from './lib/visitor.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const root = createRoot(container);

async function start() {
  saveUtmFromUrl(window.location.search);
  await initI18n();
  const router = createRouter();
  try {
    const services = await bootstrap(() => void router.navigate('/sign-in'));
    services.analytics.start();
    root.render(
      <StrictMode>
        <ServicesProvider services={services}>
          <QueryClientProvider client={services.queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ServicesProvider>
      </StrictMode>,
    );
    loadOptionalScripts(services.config);
  } catch (error) {
    console.error('startup failed', error);
    root.render(<SystemFailure onRetry={() => window.location.reload()} />);
  }
}

void start();
