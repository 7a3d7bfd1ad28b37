import { SecurityPage } from './security-page.tsx';

export default function Screens() {
  return <SecurityPage />;
}
