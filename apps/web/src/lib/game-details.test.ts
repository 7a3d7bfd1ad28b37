import { afterEach, describe, expect, it } from 'vitest';
import { addMessages, setLanguage } from './i18n/messages.ts';
import { formatDetailValue, humaniseKey, platformName } from './game-details.ts';

describe('game profile facts', () => {
  afterEach(() => setLanguage('en-US'));

  it('turns detail keys into words', () => {
    expect(humaniseKey('play_time_hours')).toBe('Play time hours');
    expect(humaniseKey('totalXP')).toBe('Total XP');
    expect(humaniseKey('bossKills')).toBe('Boss kills');
    expect(humaniseKey('boss.kills-total')).toBe('Boss kills total');
    expect(humaniseKey('level')).toBe('Level');
  });

  it("formats numbers in the user's locale and booleans as words", () => {
    addMessages('en-US', { 'gameProfiles.yes': 'Yes', 'gameProfiles.no': 'No' });
    expect(formatDetailValue(1234567.891, 'en-US')).toBe('1,234,567.89');
    expect(formatDetailValue(1234567.5, 'de-DE')).toBe('1.234.567,5');
    expect(formatDetailValue(true, 'en-US')).toBe('Yes');
    expect(formatDetailValue(false, 'en-US')).toBe('No');
    expect(formatDetailValue('Night Owls', 'en-US')).toBe('Night Owls');
  });

  it('names the known platforms and shows others as sent', () => {
    addMessages('en-US', { 'gameProfiles.platform.ps_5': 'PlayStation 5' });
    expect(platformName('ps_5')).toBe('PlayStation 5');
    expect(platformName('switch_2')).toBe('switch_2');
  });
});
