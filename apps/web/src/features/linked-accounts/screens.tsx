// The screens of the linked-accounts feature: /linked-accounts, /connect/{platformId} and the
// connection flow (/connection/...).
import type { ScreenId } from '../../lib/router/route-table.ts';
import { QueryProvider } from '../../lib/query.tsx';
import { ConnectPlatformPage } from './connect-platform-page.tsx';
import { ConnectionConnect } from './connection/connection-connect.tsx';
import { ConnectionSignOut, ConnectionSuccess } from './connection/connection-result.tsx';
import { ConnectionSelect } from './connection/connection-select.tsx';
import { ConnectionStart } from './connection/connection-start.tsx';
import { LinkedAccountsPage } from './linked-accounts-page.tsx';

export default function Screens({ id }: { id: ScreenId<'linked-accounts'> }) {
  return (
    <QueryProvider>
      <Screen id={id} />
    </QueryProvider>
  );
}

function Screen({ id }: { id: ScreenId<'linked-accounts'> }) {
  switch (id) {
    case 'linked-accounts':
      return <LinkedAccountsPage />;
    case 'connect-platform':
      return <ConnectPlatformPage />;
    case 'connection':
      return <ConnectionStart />;
    case 'connection-select-platform':
      return <ConnectionSelect />;
    case 'connection-confirmation':
    case 'connection-fan-club':
      return <ConnectionConnect titleKey={id} />;
    case 'connection-sign-out':
      return <ConnectionSignOut />;
    case 'connection-success':
      return <ConnectionSuccess />;
  }
}
