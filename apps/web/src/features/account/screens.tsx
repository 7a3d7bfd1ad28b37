import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { QueryProvider } from '../../lib/query.tsx';
import { AccountPage } from './account-page.tsx';
import { EmailNotifications, EmailNotificationsSuccess } from './email-notifications.tsx';

const SCREENS: Record<ScreenId<'account'>, ComponentType> = {
  account: AccountPage,
  'email-notifications': EmailNotifications,
  'email-notifications-success': EmailNotificationsSuccess,
};

export default function Screens({ id }: { id: ScreenId<'account'> }) {
  const Screen = SCREENS[id];
  return (
    <QueryProvider>
      <Screen />
    </QueryProvider>
  );
}
