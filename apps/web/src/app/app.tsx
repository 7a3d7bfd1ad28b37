import type { LocaleTag } from '@portal/contract/data/locales';
import type { RuntimeConfig } from '../lib/runtime-config.ts';
import { HomePage } from '../features/home/home-page.tsx';
import { Layout } from './layout.tsx';

export function App({ config, locale }: { config: RuntimeConfig; locale: LocaleTag }) {
  return (
    <Layout locale={locale} debug={config.debug === 'enabled'}>
      <HomePage />
    </Layout>
  );
}
