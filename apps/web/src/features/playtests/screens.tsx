// The screens of the playtests feature: /playtests, a campaign code's page, registration and the
// Twitch drop pages (the older /betas paths redirect to them).
import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { QueryProvider } from '../../lib/query.tsx';
import { CampaignPage } from './campaign-page.tsx';
import { PlaytestsPage } from './playtests-page.tsx';
import { RegisterPage } from './register-page.tsx';
import { TwitchClaimPage, TwitchConnectPage } from './twitch-pages.tsx';

const SCREENS: Record<ScreenId<'playtests'>, ComponentType> = {
  playtests: PlaytestsPage,
  playtest: CampaignPage,
  'playtest-register': RegisterPage,
  'playtest-twitch-connect': TwitchConnectPage,
  'playtest-twitch-claim': TwitchClaimPage,
};

export default function Screens({ id }: { id: ScreenId<'playtests'> }) {
  const Screen = SCREENS[id];
  return (
    <QueryProvider>
      <Screen />
    </QueryProvider>
  );
}
