// The grants a game redeems for tokens, shared by the spec's POST /sessions/auth/token and the
// standard POST /oauth2/token:
// - authorization_code (RFC 6749 §4.1, PKCE S256 RFC 7636): single use; a second use ends the
//   sign-in the first one started;
// - urn:ietf:params:oauth:grant-type:device_code (RFC 8628 §3.4): polled by the device.
// A grant that gives no tokens throws grantError (grant-error.ts).
import type { Deps } from '../../deps.ts';
import { AccountsRepo } from '../accounts/repo.ts';
import type { AccountRow } from '../accounts/repo.ts';
import { DeviceAuthorizations } from '../device/device-authorizations.ts';
import type { IssuedTokens } from '../sessions/token-service.ts';
import { AuthorizationCodes } from './authorization-codes.ts';
import { grantError } from './grant-error.ts';

export interface Granted {
  tokens: IssuedTokens;
  account: AccountRow;
  clientId: string;
  scope: string | null;
  nonce: string | null;
}

export function createGrants(deps: Deps) {
  const devices = DeviceAuthorizations.of(deps);
  const accounts = new AccountsRepo(deps.db.orm);
  const codes = new AuthorizationCodes(deps.db.orm);

  return {
    async authorizationCode(input: {
      code: string;
      clientId: string;
      redirectUri: string;
      codeVerifier: string;
    }): Promise<Granted> {
      let redeemed;
      try {
        redeemed = await codes.redeem(input);
      } catch (error) {
        const reused = (error as { reusedFamily?: string | null }).reusedFamily;
        if (reused) await deps.tokens.endFamily(reused);
        throw error;
      }
      const account = await accounts.findById(redeemed.accountId);
      if (!account) throw grantError('invalid_grant', { reason: 'unknown_code' });
      const tokens = await deps.tokens.start({ accountId: account.id, clientId: redeemed.clientId });
      await codes.recordFamily(redeemed.id, tokens.session.familyId);
      return { tokens, account, clientId: redeemed.clientId, scope: redeemed.scope, nonce: redeemed.nonce };
    },

    /** One poll of a device; `clientId` is null where the device code alone names the authorization. */
    async deviceCode(deviceCode: string, clientId: string | null): Promise<Granted> {
      const polled = await devices.poll(deviceCode, clientId);
      if (polled.kind === 'refused') {
        const { error, reason, interval } = polled;
        throw grantError(error, {
          ...(reason ? { reason } : {}),
          ...(error === 'slow_down' || error === 'authorization_pending' ? { interval } : {}),
        });
      }
      const { row } = polled;
      const account = row.accountId ? await accounts.findById(row.accountId) : undefined;
      if (!account) throw grantError('invalid_grant', { reason: 'unknown_device_code' });
      const tokens = await deps.tokens.start({ accountId: account.id, clientId: row.clientId });
      await devices.recordFamily(row.id, tokens.session.familyId);
      return { tokens, account, clientId: row.clientId, scope: row.scope, nonce: null };
    },
  };
}

export type Grants = ReturnType<typeof createGrants>;
