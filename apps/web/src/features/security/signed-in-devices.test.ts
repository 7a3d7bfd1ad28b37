import { describe, expect, it } from 'vitest';
import { activityIcon, activityLabel } from './recent-activity.ts';
import { scopeMessages, signInDevice, signInTitle } from './signed-in-devices.ts';

const web = {
  flow: 'portal' as const,
  game: null,
  client_name: null,
  browser: 'Firefox',
  os: 'Linux',
  model: null,
  device_name: null,
};
const game = { slug: 'starfall-legends', name: 'Starfall Legends' };

describe('a signed-in device row', () => {
  it('names the web app by browser and system, a game by its name, a device code as on a device', () => {
    expect(signInTitle(web)).toEqual({ key: 'security.devices.browser', values: { device: 'Firefox · Linux' } });
    expect(signInTitle({ ...web, browser: null, os: null })).toEqual({ key: 'security.devices.unknown' });
    expect(signInTitle({ ...web, flow: 'game', game, client_name: 'Starfall PC' })).toEqual({
      key: 'security.devices.game',
      values: { game: 'Starfall Legends' },
    });
    expect(signInTitle({ ...web, flow: 'device', game, client_name: 'Starfall PC' })).toEqual({
      key: 'security.devices.gameOnDevice',
      values: { game: 'Starfall Legends' },
    });
    expect(signInTitle({ ...web, flow: 'device' })).toEqual({ key: 'security.devices.aDevice' });
    expect(signInTitle({ ...web, flow: 'device', game, device_name: 'Living-room TV' })).toEqual({
      key: 'security.devices.gameOnNamedDevice',
      values: { game: 'Starfall Legends', device: 'Living-room TV' },
    });
  });

  it("tells a game's system and model once, and a browser's model alone", () => {
    expect(signInDevice({ ...web, flow: 'game', game, os: 'PlayStation', model: 'PlayStation 5' })).toBe(
      'PlayStation 5',
    );
    expect(signInDevice({ ...web, flow: 'device', game, os: 'Android', model: 'Pixel 8' })).toBe('Android · Pixel 8');
    expect(signInDevice({ ...web, model: 'Pixel 8' })).toBe('Pixel 8');
    expect(signInDevice(web)).toBeNull();
  });

  it('says what a game can see in a fixed order, leaving out scopes it does not know', () => {
    expect(scopeMessages(['email', 'offline_access', 'openid'])).toEqual([
      'security.games.scope.openid',
      'security.games.scope.email',
    ]);
    expect(scopeMessages([])).toEqual([]);
  });
});

describe('recent activity of signed-in devices and games', () => {
  it('labels a signed-out device, all others, and a removed game', () => {
    expect(activityLabel({ type: 'sign_in_ended', method: 'one', client_name: null })).toEqual({
      key: 'security.activity.signInEnded',
    });
    expect(activityLabel({ type: 'sign_in_ended', method: 'others', client_name: null })).toEqual({
      key: 'security.activity.signInEndedOthers',
    });
    expect(activityLabel({ type: 'game_access_revoked', method: null, client_name: 'Starfall PC' })).toEqual({
      key: 'security.activity.gameAccessRevoked',
      values: { game: 'Starfall PC' },
    });
    expect(activityLabel({ type: 'game_access_revoked', method: null, client_name: null })).toEqual({
      key: 'security.activity.gameAccessRevokedAny',
    });
    expect(activityIcon('sign_in_ended')).toBe('sign-out');
  });
});
