import { lazy } from 'react';
import { loadGameFlowMessages, useErrorMessagesOfLanguage } from '../../app/flows/game-flow-messages.ts';
import { OAuthPage } from './oauth-page.tsx';

/** The page is in this feature's chunk already; it shows once its messages are there. */
const OAuthPageWithMessages = lazy(() => loadGameFlowMessages().then(() => ({ default: OAuthPage })));

export default function Screens({ id }: { id: string }) {
  useErrorMessagesOfLanguage();
  if (id === 'oauth') return <OAuthPageWithMessages />;
  throw new Error(`no oauth screen ${id}`);
}
