import { describe, expect, it } from 'vitest';
import { initialPreferences, preferenceProblems, preferencesBody, toggled } from './preference-values.ts';
import { testBeta, testRecord } from './test-beta.ts';

describe('the preferences shown first', () => {
  it('are the registration’s, limited to the platforms still offered', () => {
    const beta = testBeta({
      speed_check: true,
      record: testRecord({ speed: '50_100', platforms: ['pc_steam', 'pc_epic'] }),
      platform_choices: ['pc_steam', 'ps_5'],
    });
    expect(initialPreferences(beta)).toEqual({ speed: '50_100', platforms: ['pc_steam'] });
  });

  it('are empty for a new registration, with the only platform chosen', () => {
    expect(initialPreferences(testBeta())).toEqual({ speed: null, platforms: [] });
    expect(initialPreferences(testBeta({ platform_choices: ['pc_epic'] }))).toEqual({
      speed: null,
      platforms: ['pc_epic'],
    });
  });

  it('toggle a platform, keeping one order', () => {
    expect(toggled(['pc_steam'], 'ps_5', true)).toEqual(['ps_5', 'pc_steam']);
    expect(toggled(['ps_5', 'pc_steam'], 'ps_5', false)).toEqual(['pc_steam']);
  });
});

describe('the field errors', () => {
  it('ask for a speed band only when the playtest checks the speed', () => {
    expect(preferenceProblems(testBeta(), { speed: null, platforms: ['ps_5'] })).toEqual({});
    expect(preferenceProblems(testBeta({ speed_check: true }), { speed: null, platforms: ['ps_5'] })).toEqual({
      speed: 'playtests.speedRequired',
    });
  });

  it('ask for at least one of the playtest platforms', () => {
    expect(preferenceProblems(testBeta(), { speed: null, platforms: [] })).toEqual({
      platforms: 'playtests.platformsRequired',
    });
    expect(preferenceProblems(testBeta(), { speed: null, platforms: ['pc_epic'] })).toEqual({
      platforms: 'playtests.platformsRequired',
    });
  });

  it('ask for the terms on registration', () => {
    expect(preferenceProblems(testBeta(), { speed: null, platforms: ['ps_5'] }, false)).toEqual({
      terms: 'playtests.termsRequired',
    });
    expect(preferenceProblems(testBeta(), { speed: null, platforms: ['ps_5'] }, true)).toEqual({});
  });
});

describe('the body of the calls', () => {
  it('sends the speed band only when asked, the offered platforms and the version shown', () => {
    const beta = testBeta({ version: 7 });
    expect(preferencesBody(beta, { speed: '25_50', platforms: ['pc_steam', 'pc_epic', 'ps_5'] })).toEqual({
      platforms: ['ps_5', 'pc_steam'],
      beta_version: 7,
    });
    expect(preferencesBody({ ...beta, speed_check: true }, { speed: '25_50', platforms: ['ps_5'] })).toEqual({
      speed: '25_50',
      platforms: ['ps_5'],
      beta_version: 7,
    });
  });
});
