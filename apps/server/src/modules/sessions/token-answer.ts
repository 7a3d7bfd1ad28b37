import type { Consents } from '../accounts/consents.ts';
import type { AccountRow } from '../accounts/repo.ts';
import type { IssuedTokens } from './token-service.ts';

/** The answer of every call that signs in (spec 001 §7): tokens, pending two-factor, the account. */
export async function tokenAnswer(tokens: IssuedTokens, account: AccountRow, consents: Consents) {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    token_type: 'Bearer' as const,
    mfa_required: tokens.session.mfaPending,
    account: await consents.view(account),
  };
}
