import { ERRORS, ERROR_NAMES } from '@portal/contract/errors/catalogue';
import { englishErrorMessages } from '@portal/contract/errors/english';
import { describe, expect, it } from 'vitest';
import { catalogueMessageKey, errorMessageKey } from './error-keys.ts';

describe('error message keys', () => {
  const english = englishErrorMessages();

  it('maps every catalogue error to a key that has an English message', () => {
    const missing = ERROR_NAMES.map((name) => catalogueMessageKey(name)).filter((key) => !(key in english));
    expect(missing).toEqual([]);
    expect(catalogueMessageKey('captcha_missing')).toBe('error.captcha_failed');
    expect(catalogueMessageKey('invalid_credentials')).toBe('error.invalid_credentials');
  });

  it('shows error.generic for unknown codes and for debug-only codes outside debug mode', () => {
    expect(errorMessageKey({ hydraErrorCode: 99999, code: null }, false)).toBe('error.generic');
    expect(errorMessageKey({ hydraErrorCode: null, code: 'no_such_error' }, true)).toBe('error.generic');
    expect(errorMessageKey({ hydraErrorCode: ERRORS.invalid_credentials.code, code: null }, false)).toBe(
      'error.invalid_credentials',
    );
    const debugOnly = { hydraErrorCode: ERRORS.account_already_banned.code, code: null };
    expect(errorMessageKey(debugOnly, false)).toBe('error.generic');
    expect(errorMessageKey(debugOnly, true)).toBe('error.account_already_banned');
  });
});
