import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { loadGameFlowMessages, useErrorMessagesOfLanguage } from '../../flows/game-flow-messages.ts';
import { DeviceAuthorizing } from './device-authorizing.tsx';
import { DeviceEntry } from './device-entry.tsx';
import { DeviceSuccess } from './device-success.tsx';

/** The pages are in this feature's chunk already; each shows once its messages are there. */
const withMessages = <P extends object>(page: ComponentType<P>) =>
  lazy(() => loadGameFlowMessages().then(() => ({ default: page })));

const PAGES: Record<ScreenId<'device'>, ComponentType> = {
  device: withMessages(DeviceEntry),
  connect: withMessages(() => <DeviceEntry variant="connect" />),
  'device-code': withMessages(DeviceAuthorizing),
  'device-success': withMessages(DeviceSuccess),
};

export default function Screens({ id }: { id: ScreenId<'device'> }) {
  useErrorMessagesOfLanguage();
  const Page = PAGES[id];
  return <Page />;
}
