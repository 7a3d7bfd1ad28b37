// The screens of this feature keep their final titles until their working parts arrive.
import type { ScreenId } from '../../app/routing/route-table.ts';
import { FeatureScreen } from '../../components/ui/feature-screen.tsx';

export default function Screens({ id }: { id: ScreenId<'linked-accounts'> }) {
  return <FeatureScreen titleKey={`screen.${id}.title`} />;
}
