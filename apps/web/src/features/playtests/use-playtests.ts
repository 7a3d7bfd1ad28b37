// The playtests the screens read (kept in the query cache, read again whenever a screen opens) and
// what a changed playtest does to them: every answer that is a playtest replaces it in the list and
// in its own entry at once, then the playtests are read again (a code may give access to another).
import { getInfo, listAvailable, listReferrals, lookupCampaign } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { getBenefit } from '@portal/contract/calls/twitch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../lib/services.tsx';
import { withBeta } from './page-views.ts';

/** Every playtest entry starts with this, so one invalidation reads them all again. */
export const PLAYTESTS_KEY = ['playtests'] as const;
const availableKey = [...PLAYTESTS_KEY, 'available'] as const;
const infoKey = (id: string) => [...PLAYTESTS_KEY, 'info', id] as const;
const campaignKey = (code: string) => [...PLAYTESTS_KEY, 'campaign', code] as const;
export const referralsKey = (betaId: string) => [...PLAYTESTS_KEY, 'referrals', betaId] as const;

/** GET /betas/me/available with the games: every playtest the player can see. */
export function useAvailablePlaytests() {
  const { api } = useServices();
  return useQuery({
    queryKey: availableKey,
    queryFn: async ({ signal }) => (await api.call(listAvailable, { query: { embeds: ['game'] } }, { signal })).betas,
    staleTime: 0,
  });
}

/** GET /betas/{id}/info: one playtest with the player's registration. */
export function usePlaytest(id: string | undefined) {
  const { api } = useServices();
  return useQuery({
    queryKey: infoKey(id ?? ''),
    queryFn: ({ signal }) => api.call(getInfo, { params: { id: id ?? '' } }, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
    retry: false,
  });
}

/** GET /betas/lookup/campaign/{code}: the playtest of a campaign or referral code. */
export function useCampaign(code: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: campaignKey(code),
    queryFn: ({ signal }) => api.call(lookupCampaign, { params: { code } }, { signal }),
    staleTime: 0,
    retry: false,
  });
}

/** GET /betas/me/referrals: the player's referral codes of a playtest. */
export function useReferrals(betaId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: referralsKey(betaId),
    queryFn: ({ signal }) => api.call(listReferrals, { query: { beta_id: betaId } }, { signal }),
    staleTime: 0,
  });
}

/** GET /twitch/benefits/{id}: the game and campaign of a Twitch drop. */
export function useBenefit(benefitId: string) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['twitch-benefit', benefitId],
    queryFn: ({ signal }) => api.call(getBenefit, { params: { id: benefitId } }, { signal }),
    retry: false,
  });
}

/**
 * Returns `changed(beta?)`: a playtest the server answered replaces the one shown (list and entry),
 * then every playtest is read again; without one (a leave, a refused call), they are only read again.
 * The promise settles once they are read.
 */
export function usePlaytestChanged() {
  const queryClient = useQueryClient();
  return (beta?: Beta): Promise<void> => {
    if (beta) {
      queryClient.setQueryData<Beta[]>(availableKey, (betas) => (betas ? withBeta(betas, beta) : betas));
      queryClient.setQueryData<Beta>(infoKey(beta.id), (shown) =>
        shown ? { ...beta, game: beta.game ?? shown.game } : beta,
      );
    }
    return queryClient.invalidateQueries({ queryKey: PLAYTESTS_KEY });
  };
}
