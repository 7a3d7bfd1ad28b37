import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { loadGameFlowMessages, useErrorMessagesOfLanguage } from '../../flows/game-flow-messages.ts';
import { OAuthPage } from './oauth-page.tsx';

/** The page is in this feature's chunk already; it shows once its messages are there. */
const OAuthPageWithMessages = lazy(() => loadGameFlowMessages().then(() => ({ default: OAuthPage })));

const SCREENS: Record<ScreenId<'oauth'>, ComponentType> = { oauth: OAuthPageWithMessages };

export default function Screens({ id }: { id: ScreenId<'oauth'> }) {
  useErrorMessagesOfLanguage();
  const Screen = SCREENS[id];
  return <Screen />;
}
