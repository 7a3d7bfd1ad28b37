// Verifying the signed-in account's email address with the mailed code: the verify-email modal of
// the account and security pages, and a pending email change.
import { verifyEmail } from '@portal/contract/calls/accounts';
import { useState } from 'react';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';

/** Verifies the address a code was sent to (the pending one, or an unverified current one). */
export function useVerifyEmailCode(onVerified?: () => void) {
  const services = useServices();
  const [code, setCode] = useState('');
  const submit = useSubmit(async () => {
    await services.api.call(verifyEmail, { body: { code } });
    await services.account.refresh();
    setCode('');
    onVerified?.();
  });
  return { code, setCode, submit };
}
