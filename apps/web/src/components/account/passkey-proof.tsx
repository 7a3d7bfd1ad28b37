// Proving it is the player with a passkey (issue 31, ADR 036): the browser asks for one of the
// account's passkeys, and PUT /sessions/me/verify checks its answer; then `verified` goes on (the
// re-authentication step: the change; the two-factor page: the sign-in). Used by both, with a
// button that says when no passkey was used and shows a refusal.
import { verifySession } from '@portal/contract/calls/sessions-mfa';
import { useState } from 'react';
import { passkeyProof } from '../../lib/auth/passkeys.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { FormError } from '../ui/form-error.tsx';

export function usePasskeyProof(verified: () => Promise<void>) {
  const { api } = useServices();
  const [cancelled, setCancelled] = useState(false);
  const submit = useSubmit(async () => {
    setCancelled(false);
    const response = await passkeyProof(api);
    if (!response) {
      setCancelled(true);
      return;
    }
    await api.call(verifySession, { body: { code_type: 'passkey', response } });
    await verified();
  });
  return { ...submit, cancelled };
}

export type PasskeyProof = ReturnType<typeof usePasskeyProof>;

/** The proof's button, what happened when no passkey was used, and its refusal. */
export function PasskeyProofButton({
  proof,
  label,
  className,
}: {
  proof: PasskeyProof;
  label: string;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <button type="button" className={className} disabled={proof.pending} onClick={() => void proof.run()}>
          {label}
        </button>
      </div>
      {proof.cancelled ? <p role="status">{t('signIn.passkeyCancelled')}</p> : null}
      <FormError error={proof.error} />
    </>
  );
}
