import type { Account as WireAccount } from '@portal/contract/calls/entities';
import type { Account } from '../accounts/service.ts';
import type { IssuedTokens } from './token-service.ts';

/** What shows an account as the wire's `account` (the accounts module's consents view). */
export interface AccountViewer {
  view(account: Account): Promise<WireAccount>;
}

/** The answer of every call that signs in (spec 001 §7): tokens, pending two-factor, the account. */
export async function tokenAnswer(tokens: IssuedTokens, account: Account, viewer: AccountViewer) {
  return {
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    token_type: 'Bearer' as const,
    mfa_required: tokens.session.mfaPending,
    account: await viewer.view(account),
  };
}

export type TokenAnswer = Awaited<ReturnType<typeof tokenAnswer>>;
