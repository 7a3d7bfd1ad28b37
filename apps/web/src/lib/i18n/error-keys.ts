// The message keys of the error catalogue, typed from it: an error's key is its `key` when the
// catalogue gives one (the captcha codes share one), else `error.<name>`; unknown and debug-only
// codes show error.generic. The English messages of these keys come with the contract.
import { errorKey } from '@portal/contract/errors/catalogue';
import type { ERRORS, ErrorName, GENERIC_MESSAGE_KEY } from '@portal/contract/errors/catalogue';
import { messageKeyFor } from '@portal/contract/errors/wire-error';
import type { WireError } from '@portal/contract/errors/wire-error';

type Catalogue = typeof ERRORS;
type KeyOf<N extends keyof Catalogue> = N extends keyof Catalogue
  ? Catalogue[N] extends { key: infer K extends string }
    ? K
    : `error.${N}`
  : never;

export type ErrorMessageKey = { [N in keyof Catalogue]: KeyOf<N> }[keyof Catalogue] | typeof GENERIC_MESSAGE_KEY;

/** The message key of a catalogue error (its own message, whatever the production flag says). */
export function catalogueMessageKey<N extends ErrorName>(name: N): KeyOf<N> {
  // errorKey answers the row's `key` or `error.<name>`: KeyOf<N>.
  return errorKey(name) as KeyOf<N>;
}

/** The message key to show for a wire error (the catalogue's rule, typed). */
export function errorMessageKey(error: Pick<WireError, 'hydraErrorCode' | 'code'>, debug: boolean): ErrorMessageKey {
  // messageKeyFor answers errorKey(name) or GENERIC_MESSAGE_KEY: the keys ErrorMessageKey lists.
  return messageKeyFor(error, { debug }) as ErrorMessageKey;
}
