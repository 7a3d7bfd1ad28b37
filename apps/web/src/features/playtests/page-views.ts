// What the registration page and the campaign page show for a playtest (spec 000 §2, §4 "Beta").
import type { Beta } from '@portal/contract/calls/entities';

/** /playtests/register/{betaId}: already registered, closed, or the registration form. */
export type RegisterView = 'registered' | 'closed' | 'form';

export function registerView(beta: Beta): RegisterView {
  if (beta.record !== null) return 'registered';
  if (!beta.registration_open) return 'closed';
  return 'form';
}

/**
 * /playtests/{code}: the player already has access (a code redeemed or a key awarded), may redeem
 * the code (registered, redemption open), must wait for the redemption to open (registered), must
 * register first (registration open; the code is redeemed right after), or cannot join any more
 * (registration closed).
 */
export type CampaignView = 'has-access' | 'redeem' | 'redeem-later' | 'register' | 'closed';

export function campaignView(beta: Beta): CampaignView {
  if (beta.record !== null) {
    if (beta.campaign_code !== null || beta.platform_code !== null) return 'has-access';
    return beta.redemption_open ? 'redeem' : 'redeem-later';
  }
  return beta.registration_open ? 'register' : 'closed';
}

/** The list of /playtests with one playtest as the server now answers it (its game kept when not embedded). */
export function withBeta(betas: readonly Beta[], beta: Beta): Beta[] {
  const index = betas.findIndex((shown) => shown.id === beta.id);
  if (index === -1) return [...betas, beta];
  const previous = betas[index];
  const merged: Beta = beta.game === undefined && previous?.game ? { ...beta, game: previous.game } : beta;
  return betas.map((shown, i) => (i === index ? merged : shown));
}
