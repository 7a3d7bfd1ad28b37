import { lazy } from 'react';
import type { ComponentType } from 'react';
import { loadGameFlowMessages, useErrorMessagesOfLanguage } from '../../app/flows/game-flow-messages.ts';
import { DeviceAuthorizing } from './device-authorizing.tsx';
import { DeviceEntry } from './device-entry.tsx';
import { DeviceSuccess } from './device-success.tsx';

/** The pages are in this feature's chunk already; each shows once its messages are there. */
const withMessages = <P extends object>(page: ComponentType<P>) =>
  lazy(() => loadGameFlowMessages().then(() => ({ default: page })));

const PAGES = {
  device: withMessages(DeviceEntry),
  'device-code': withMessages(DeviceAuthorizing),
  'device-success': withMessages(DeviceSuccess),
};

export default function Screens({ id }: { id: string }) {
  useErrorMessagesOfLanguage();
  if (!(id in PAGES)) throw new Error(`no device screen ${id}`);
  const Page = PAGES[id as keyof typeof PAGES];
  return <Page />;
}
