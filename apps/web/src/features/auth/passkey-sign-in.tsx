// Signing in with a passkey on /sign-in (issue 31, ADR 036): a button that asks the browser for one
// of this site's passkeys, and the browser's autofill, which offers them in the email field as soon
// as the page shows (conditional mediation; the field is `autocomplete="username webauthn"`). The
// button ends the waiting autofill request, and the autofill starts again after it. A sign-in goes on
// like a platform's: to two-factor when the passkey did not verify the player, else where the flow
// (a game's authorization, a device code) was going. Loaded after the page: the sign-in page's first
// load does not carry it.
import { signInPasskeyOptions, signInWithPasskey } from '@portal/contract/calls/passkeys';
import type { AuthenticationResponse } from '@portal/contract/calls/passkeys';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '../../components/ui/form-error.tsx';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import {
  autofillAvailable,
  cancelPasskeyRequest,
  forgetUnknownPasskey,
  passkeyAnswer,
} from '../../lib/auth/passkey-browser.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';

export default function PasskeySignIn() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const [cancelled, setCancelled] = useState(false);
  const [autofillError, setAutofillError] = useState<unknown>(null);
  // Each round of the autofill request: a new one starts after the button's.
  const [round, setRound] = useState(0);
  const signingIn = useRef(false);

  const signIn = async (response: AuthenticationResponse, rpId: unknown) => {
    signingIn.current = true;
    try {
      const answer = await services.api
        .call(signInWithPasskey, { body: { response } })
        .catch(async (error: unknown) => {
          // A passkey removed from the account: the device may stop offering it.
          if (error instanceof ApiError && error.is('passkey_unknown') && typeof rpId === 'string') {
            await forgetUnknownPasskey(rpId, response.id);
          }
          throw error;
        });
      const { continueFlow, signedIn, startSignInFlow } = await import('../../flows/continue-flow.ts');
      startSignInFlow(services);
      await signedIn(services, answer);
      await continueFlow(services);
    } finally {
      signingIn.current = false;
    }
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!(await autofillAvailable()) || !live) return;
      // The autofill is offered when it can be: a failed read of its options (offline, a server
      // refusal) leaves the page as it is, and the button still tries.
      const options = await services.api.call(signInPasskeyOptions).then(
        (answer) => answer.options,
        () => null,
      );
      if (options === null || !live) return;
      // The browser's refusals (no passkey here, a site it will not use them on) stay quiet.
      const response = await passkeyAnswer(options, true).catch(() => null);
      if (!response || !live) return;
      setAutofillError(null);
      await signIn(response as AuthenticationResponse, options.rpId);
    })().catch((failure: unknown) => {
      // Only the server's refusal is the player's to see; a browser that cannot autofill says nothing.
      if (live && failure instanceof ApiError) setAutofillError(failure);
    });
    return () => {
      live = false;
      if (!signingIn.current) cancelPasskeyRequest();
    };
    // One request per round: `services` and `signIn` are the same for the page.
  }, [round]);

  const submit = useSubmit(async () => {
    setCancelled(false);
    setAutofillError(null);
    try {
      const { options } = await services.api.call(signInPasskeyOptions);
      // Asking ends the autofill's request (one WebAuthn request at a time).
      const response = await passkeyAnswer(options);
      if (!response) {
        setCancelled(true);
        return;
      }
      await signIn(response as AuthenticationResponse, options.rpId);
    } finally {
      setRound((n) => n + 1);
    }
  });

  if (typeof window.PublicKeyCredential !== 'function') return null;
  return (
    <div className="passkey-sign-in stack">
      <button
        type="button"
        className="button button-secondary"
        disabled={submit.pending}
        onClick={() => void submit.run()}
      >
        {t('signIn.passkey')}
      </button>
      {cancelled ? <p role="status">{t('signIn.passkeyCancelled')}</p> : null}
      <FormError error={submit.error ?? autofillError} />
    </div>
  );
}
