import { describe, expect, it } from 'vitest';
import { matchPath } from './match-path.ts';

describe('matchPath', () => {
  it('matches static and parameter segments', () => {
    expect(matchPath('/home', '/home')).toEqual({});
    expect(matchPath('/playtests/:code', '/playtests/SUMMER%202026')).toEqual({ code: 'SUMMER 2026' });
    expect(matchPath('/connection/:platformId/confirmation', '/connection/psn/confirmation')).toEqual({
      platformId: 'psn',
    });
  });
  it('refuses different lengths, other segments and broken escapes', () => {
    expect(matchPath('/playtests/:code', '/playtests')).toBeNull();
    expect(matchPath('/playtests/:code', '/betas/x')).toBeNull();
    expect(matchPath('/playtests/:code', '/playtests/%E0%A4%A')).toBeNull();
  });
});
