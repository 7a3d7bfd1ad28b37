// The screens of the linked-accounts feature: /linked-accounts works; the connection flow's screens
// keep their final titles until their working parts arrive.
import type { ScreenId } from '../../app/routing/route-table.ts';
import { FeatureScreen } from '../../components/ui/feature-screen.tsx';
import { LinkedAccountsPage } from './linked-accounts-page.tsx';

export default function Screens({ id }: { id: ScreenId<'linked-accounts'> }) {
  if (id === 'linked-accounts') return <LinkedAccountsPage />;
  return <FeatureScreen titleKey={`screen.${id}.title`} />;
}
