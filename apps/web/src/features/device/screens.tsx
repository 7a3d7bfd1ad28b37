import { FeatureScreen } from '../../components/ui/feature-screen.tsx';

export default function Screens({ id }: { id: string }) {
  return <FeatureScreen id={id} />;
}
