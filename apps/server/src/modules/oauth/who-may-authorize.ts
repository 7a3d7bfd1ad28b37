// Who may sign in to a game (OAuth code or device): never an account a ban or block keeps out of the
// game (issue 30), a registration-flagged account only where the game allows it (rule 12 of the
// continue-registration decision), and a player under 18 never to a game for a mature audience.
import type { GameConfig } from '@portal/contract/calls/games';
import { RequestError } from '../../http/request-error.ts';
import { ADULT_AGE, ageOn } from '../accounts/service.ts';
import type { Account } from '../accounts/service.ts';
import { standingRefusal } from '../moderation/standing-service.ts';

export type SigningInPlayer = Pick<Account, 'registrationFlagged' | 'dateOfBirth' | 'restrictions'>;
export type GameAudience = Pick<GameConfig, 'slug' | 'mature_audience' | 'flagged_account_oauth_enabled'>;

/** Why the player may not sign in to the game, or null when they may. */
export function refusalToAuthorize(
  player: SigningInPlayer,
  game: GameAudience,
  today = new Date(),
): RequestError | null {
  const restricted = standingRefusal(player, game.slug, today);
  if (restricted) return restricted;
  if (player.registrationFlagged && !game.flagged_account_oauth_enabled)
    return new RequestError('email_verification_required');
  if (game.mature_audience && (!player.dateOfBirth || ageOn(player.dateOfBirth, today) < ADULT_AGE))
    return new RequestError('age_gated', { body: { adult_age_gate: true } });
  return null;
}

export function assertMayAuthorize(player: SigningInPlayer, game: GameAudience): void {
  const refusal = refusalToAuthorize(player, game);
  if (refusal) throw refusal;
}
