import { FaqPage } from './faq-page.tsx';
import { HomePage } from './home-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { MaintenanceScreen } from '../../app/screens/error-screens.tsx';
import { QueryProvider } from '../../lib/query.tsx';

export default function Screens({ id }: { id: string }) {
  if (id === 'faq') return <FaqPage />;
  if (id === 'landing-page') return <LandingPage />;
  if (id === 'maintenance') return <MaintenanceScreen />;
  return (
    <QueryProvider>
      <HomePage />
    </QueryProvider>
  );
}
