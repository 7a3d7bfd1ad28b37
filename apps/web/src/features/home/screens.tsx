import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { FaqPage } from './faq-page.tsx';
import { HomePage } from './home-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { MaintenanceScreen } from '../../components/error-screens.tsx';
import { QueryProvider } from '../../lib/query.tsx';

function Home() {
  return (
    <QueryProvider>
      <HomePage />
    </QueryProvider>
  );
}

const SCREENS: Record<ScreenId<'home'>, ComponentType> = {
  home: Home,
  faq: FaqPage,
  'landing-page': LandingPage,
  maintenance: MaintenanceScreen,
};

export default function Screens({ id }: { id: ScreenId<'home'> }) {
  const Screen = SCREENS[id];
  return <Screen />;
}
