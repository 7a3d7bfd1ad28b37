// What a game says in the connection flow (spec 000 §3 game config): its welcome, and the link block
// of the platform being connected (connect and success messages, the landing page after it).
import type { GameConfig } from '@portal/contract/calls/games';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useAuthGame } from '../../../flows/auth-game.tsx';
import { gameOf } from '../../../flows/flow-facts.ts';
import { useTranslation } from '../../../lib/i18n/messages.ts';
import { useFlow } from '../../../flows/flow-services.tsx';

type LinkBlockName = 'fan_club' | 'mod_site' | 'streaming_service' | 'chat_service' | 'video_streaming_service';

/** The game config's link block of each platform that has one. */
const LINK_BLOCKS: Partial<Record<PlatformId, LinkBlockName>> = {
  wizarding_world: 'fan_club',
  curse_forge: 'mod_site',
  max: 'streaming_service',
  discord: 'chat_service',
  twitch: 'video_streaming_service',
};

export interface ConnectionTexts {
  game: GameConfig | null | undefined;
  welcome: string | null;
  connect: string | null;
  success: string | null;
  /** The game's page after the connection (an https address only). */
  landingPage: string | null;
}

/** The connection flow's game (from the flow data) and its texts for a platform, in the page's language. */
export function useConnectionTexts(platform: PlatformId | null): ConnectionTexts {
  const { i18n } = useTranslation();
  const slug = gameOf(useFlow())?.slug ?? null;
  const game = useAuthGame(slug);
  const ux = game?.user_experience;
  const blockName = platform ? LINK_BLOCKS[platform] : undefined;
  const block = blockName ? ux?.[blockName] : null;
  const landing = block?.landing_page ?? null;
  return {
    game,
    welcome: ux?.connection_flow_welcome_message?.resolve(i18n.language) ?? null,
    connect: block?.connect_message?.resolve(i18n.language) ?? null,
    success: block?.success_message?.resolve(i18n.language) ?? null,
    landingPage: landing && /^https:\/\//i.test(landing) && URL.canParse(landing) ? landing : null,
  };
}
