// What the stub flow's screens show of the stub: its game and its platform, from the flow.
import type { FlowState } from '../../flows/flow-state.ts';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { gameOf } from '../../flows/flow-facts.ts';
import { stubOf } from '../../flows/stub-flow.ts';

/** The platform's name as players know it (PlayStation Network...), or the id of one not listed. */
export function platformLabel(platform: string | null | undefined): string | null {
  if (!platform) return null;
  return PLATFORM_CATALOGUE[platform as PlatformId]?.name ?? platform;
}

export function stubFacts(flow: FlowState): { game: string | null; platform: string | null } {
  return {
    game: gameOf(flow)?.name || null,
    platform: platformLabel(stubOf(flow)?.platform),
  };
}
