// What the stub flow's screens show of the stub: its game and its platform, from the flow data.
import type { FlowState } from '../../flows/flow-store.ts';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { GAME_KEYS } from '../../flows/game-flow.ts';
import { STUB_KEYS } from '../../flows/stub-flow.ts';

/** The platform's name as players know it (PlayStation Network...), or the id of one not listed. */
export function platformLabel(platform: string | null | undefined): string | null {
  if (!platform) return null;
  return PLATFORM_CATALOGUE[platform as PlatformId]?.name ?? platform;
}

export function stubFacts(flow: FlowState): { game: string | null; platform: string | null } {
  return {
    game: flow.data[GAME_KEYS.name] || null,
    platform: platformLabel(flow.data[STUB_KEYS.platform]),
  };
}
