// The browser's side of passkeys (WebAuthn; issue 31, ADR 036), with @simplewebauthn/browser. Loaded
// on demand: the sign-in page's first load does not carry it. A ceremony the player cancels (or the
// browser ends: no passkey, a timeout) answers null; other failures are ApiErrors with the catalogue's
// passkey errors, shown like the server's.
import {
  browserSupportsWebAuthnAutofill,
  sendSignal,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { ERRORS } from '@portal/contract/errors/catalogue';
import { ApiError } from '../api/api-error.ts';

type PasskeyErrorName = 'passkey_invalid' | 'passkey_already_registered';

function passkeyError(name: PasskeyErrorName): ApiError {
  return new ApiError(0, {
    message: name,
    key: `error.${name}`,
    body: null,
    hydraErrorCode: ERRORS[name].code,
    code: name,
  });
}

/** Cancelled by the player or ended by the browser (NotAllowedError, AbortError): nothing to tell. */
function cancelled(failure: unknown): boolean {
  if (failure instanceof WebAuthnError) {
    if (failure.code === 'ERROR_CEREMONY_ABORTED') return true;
    if (failure.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return false;
    const cause = failure.cause;
    return cause instanceof Error && (cause.name === 'NotAllowedError' || cause.name === 'AbortError');
  }
  return failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError');
}

function refused(failure: unknown): ApiError {
  if (failure instanceof WebAuthnError && failure.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return passkeyError('passkey_already_registered');
  }
  return passkeyError('passkey_invalid');
}

type CreationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type RequestOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** Creates a passkey from the server's options; null when the player cancelled. */
export async function createPasskey(options: Record<string, unknown>): Promise<RegistrationResponseJSON | null> {
  try {
    return await startRegistration({ optionsJSON: options as unknown as CreationOptions });
  } catch (failure) {
    if (cancelled(failure)) return null;
    throw refused(failure);
  }
}

/**
 * Asks the browser for a passkey's answer to the server's options; null when cancelled. With
 * `autofill`, the browser offers its passkeys in the field marked `autocomplete="... webauthn"` and
 * this waits until one is picked or cancelPasskeyRequest is called.
 */
export async function passkeyAnswer(
  options: Record<string, unknown>,
  autofill = false,
): Promise<AuthenticationResponseJSON | null> {
  try {
    return await startAuthentication({
      optionsJSON: options as unknown as RequestOptions,
      useBrowserAutofill: autofill,
    });
  } catch (failure) {
    if (cancelled(failure)) return null;
    throw refused(failure);
  }
}

/** Whether the browser offers passkeys in a form field (conditional mediation). */
export function autofillAvailable(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

/** Ends a waiting request (the autofill's), so that another can start or the page can go. */
export function cancelPasskeyRequest(): void {
  WebAuthnAbortService.cancelCeremony();
}

/**
 * Tells the browser's password manager that the portal does not know this passkey (removed from the
 * account), so that it can stop offering it (WebAuthn's signal API; ignored where unsupported).
 */
export async function forgetUnknownPasskey(rpId: string, credentialId: string): Promise<void> {
  await sendSignal({ signalName: 'unknownCredential', rpID: rpId, credentialID: credentialId }).catch(() => undefined);
}
