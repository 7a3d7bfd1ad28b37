// Who may sign in to a game (OAuth code or device): a registration-flagged account only where the
// game allows it (rule 12 of the continue-registration decision), and a player under 18 never to a
// game for a mature audience.
import { RequestError } from '../../http/request-error.ts';
import { ADULT_AGE, ageOn } from '../accounts/age-rules.ts';
import type { AccountRow } from '../accounts/repo.ts';
import type { GameRow } from '../games/repo.ts';

export function assertMayAuthorize(account: AccountRow, game: GameRow): void {
  if (account.registrationFlagged && !game.flaggedAccountOauthEnabled)
    throw new RequestError('email_verification_required');
  if (game.matureAudience && (!account.dateOfBirth || ageOn(account.dateOfBirth) < ADULT_AGE))
    throw new RequestError('age_gated', { body: { adult_age_gate: true } });
}
