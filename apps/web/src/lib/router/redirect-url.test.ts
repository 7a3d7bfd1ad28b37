import { describe, expect, it } from 'vitest';
import { keepRedirectUrl } from './redirect-url.ts';

describe('redirect_url', () => {
  const keep = (search: string) => {
    const session = { loginRedirect: null as string | null };
    keepRedirectUrl(search, session);
    return session.loginRedirect;
  };
  it('keeps a path of this site as the login redirect', () => {
    expect(keep('?redirect_url=%2Fplaytests%3Ftab%3Dmine')).toBe('/playtests?tab=mine');
  });
  it('ignores anything else: another site, protocol-relative, backslashes, nothing', () => {
    for (const value of ['https://evil.example/', '//evil.example', '/\\evil.example', 'playtests', ''])
      expect(keep(`?redirect_url=${encodeURIComponent(value)}`)).toBeNull();
    expect(keep('')).toBeNull();
  });
});
