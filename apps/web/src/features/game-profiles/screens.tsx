import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { QueryProvider } from '../../lib/query.tsx';
import { GameProfilesPage } from './game-profiles-page.tsx';

const SCREENS: Record<ScreenId<'game-profiles'>, ComponentType> = { 'game-profiles': GameProfilesPage };

export default function Screens({ id }: { id: ScreenId<'game-profiles'> }) {
  const Screen = SCREENS[id];
  return (
    <QueryProvider>
      <Screen />
    </QueryProvider>
  );
}
