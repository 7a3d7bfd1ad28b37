// The screen of the friends feature: /friends (and /friend-request, which redirects to its requests).
import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { QueryProvider } from '../../lib/query.tsx';
import { FriendsPage } from './friends-page.tsx';

const SCREENS: Record<ScreenId<'friends'>, ComponentType> = { friends: FriendsPage };

export default function Screens({ id }: { id: ScreenId<'friends'> }) {
  const Screen = SCREENS[id];
  return (
    <QueryProvider>
      <Screen />
    </QueryProvider>
  );
}
