// The screens of the linked-accounts feature: /linked-accounts and /connect/{platformId} work; the
// connection flow's screens (/connection/...) keep their final titles until their working parts arrive.
import type { ScreenId } from '../../app/routing/route-table.ts';
import { FeatureScreen } from '../../components/ui/feature-screen.tsx';
import { ConnectPlatformPage } from './connect-platform-page.tsx';
import { LinkedAccountsPage } from './linked-accounts-page.tsx';

export default function Screens({ id }: { id: ScreenId<'linked-accounts'> }) {
  if (id === 'linked-accounts') return <LinkedAccountsPage />;
  if (id === 'connect-platform') return <ConnectPlatformPage />;
  return <FeatureScreen titleKey={`screen.${id}.title`} />;
}
