import { QueryProvider } from '../../lib/query.tsx';
import { GameProfilesPage } from './game-profiles-page.tsx';

export default function Screens() {
  return (
    <QueryProvider>
      <GameProfilesPage />
    </QueryProvider>
  );
}
