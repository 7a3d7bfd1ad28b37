// The stub flow's screens (spec 000 §2 "Stub (platform-first) screens"): the sign-in prompt, the
// conflict warning, the choice of save, success and failure. /connect (the code) is the device
// feature's entry, which leads here for a passwordless code.
import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { loadGameFlowMessages, useErrorMessagesOfLanguage } from '../../flows/game-flow-messages.ts';
import { ChooseGame } from './choose-game.tsx';
import { ConnectFail } from './connect-fail.tsx';
import { ConnectSuccess } from './connect-success.tsx';
import { GameConflictsWarning } from './game-conflicts-warning.tsx';
import { PromptSignIn } from './prompt-sign-in.tsx';

/** The pages are in this feature's chunk already; each shows once its messages are there. */
const withMessages = <P extends object>(page: ComponentType<P>) =>
  lazy(() => loadGameFlowMessages().then(() => ({ default: page })));

const PAGES: Record<ScreenId<'stub'>, ComponentType> = {
  'prompt-sign-in': withMessages(PromptSignIn),
  'connect-success': withMessages(ConnectSuccess),
  'connect-fail': withMessages(ConnectFail),
  'choose-game': withMessages(ChooseGame),
  'game-conflicts-warning': withMessages(GameConflictsWarning),
};

export default function Screens({ id }: { id: ScreenId<'stub'> }) {
  useErrorMessagesOfLanguage();
  const Page = PAGES[id];
  return <Page />;
}
