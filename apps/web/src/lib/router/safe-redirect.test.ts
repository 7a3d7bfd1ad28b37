import { describe, expect, it, vi } from 'vitest';
import { safeRedirectTarget } from './safe-redirect.ts';

describe('safeRedirectTarget', () => {
  it('follows paths of this site', () =>
    expect(safeRedirectTarget('/friends?tab=incoming')).toBe('/friends?tab=incoming'));
  it('goes to /account without a target', () => expect(safeRedirectTarget(null)).toBe('/account'));
  it('refuses other sites with a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(safeRedirectTarget('https://evil.example')).toBe('/account');
    expect(safeRedirectTarget('//evil.example')).toBe('/account');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/account');
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
