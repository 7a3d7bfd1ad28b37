// The account's passkeys as the pages read them (issue 31): one query shared by the /security card
// and the re-authentication step (which offers a passkey when the account has one), and a passkey's
// answer to the server's options for PUT /sessions/me/verify. The WebAuthn code loads on demand.
import { listPasskeys, sessionPasskeyOptions } from '@portal/contract/calls/passkeys';
import type { AuthenticationResponse } from '@portal/contract/calls/passkeys';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { useServices } from '../services.tsx';

export const PASSKEYS_KEY = ['passkeys'] as const;

/** Whether this browser can use passkeys at all (WebAuthn). */
export const browserHasPasskeys = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

export function usePasskeys(enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: async ({ signal }) => (await api.call(listPasskeys, {}, { signal })).items,
    staleTime: 0,
    enabled,
  });
}

/**
 * A passkey of this account answers the server's verify options; null when the player cancelled.
 * The answer is for PUT /sessions/me/verify with code_type passkey.
 */
export async function passkeyProof(api: ApiClient): Promise<AuthenticationResponse | null> {
  const { options } = await api.call(sessionPasskeyOptions);
  const { passkeyAnswer } = await import('./passkey-browser.ts');
  return (await passkeyAnswer(options)) as AuthenticationResponse | null;
}
