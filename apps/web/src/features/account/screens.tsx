import { QueryProvider } from '../../lib/query.tsx';
import { AccountPage } from './account-page.tsx';
import { EmailNotifications, EmailNotificationsSuccess } from './email-notifications.tsx';

function Screen({ id }: { id: string }) {
  if (id === 'email-notifications') return <EmailNotifications />;
  if (id === 'email-notifications-success') return <EmailNotificationsSuccess />;
  return <AccountPage />;
}

export default function Screens({ id }: { id: string }) {
  return (
    <QueryProvider>
      <Screen id={id} />
    </QueryProvider>
  );
}
