import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { QueryProvider } from '../../lib/query.tsx';
import { SecurityPage } from './security-page.tsx';

const SCREENS: Record<ScreenId<'security'>, ComponentType> = { security: SecurityPage };

export default function Screens({ id }: { id: ScreenId<'security'> }) {
  const Screen = SCREENS[id];
  return (
    <QueryProvider>
      <Screen />
    </QueryProvider>
  );
}
