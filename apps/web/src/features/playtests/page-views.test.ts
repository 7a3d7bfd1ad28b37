import { Localized } from '@portal/contract/codec';
import { describe, expect, it } from 'vitest';
import { campaignView, registerView, withBeta } from './page-views.ts';
import { testBeta, testCampaignCode, testRecord } from './test-beta.ts';

describe('the registration page', () => {
  it('shows the form while registration is open', () => {
    expect(registerView(testBeta())).toBe('form');
  });

  it('says the player is registered, whatever the window', () => {
    expect(registerView(testBeta({ record: testRecord() }))).toBe('registered');
    expect(registerView(testBeta({ record: testRecord(), registration_open: false }))).toBe('registered');
  });

  it('says registration is closed', () => {
    expect(registerView(testBeta({ registration_open: false, state: 'registration_ended' }))).toBe('closed');
  });
});

describe('the campaign page', () => {
  it('offers the code to a registered player while codes can be redeemed', () => {
    const registered = testBeta({ state: 'pre_registered', record: testRecord(), redemption_open: true });
    expect(campaignView(registered)).toBe('redeem');
    expect(campaignView({ ...registered, redemption_open: false })).toBe('redeem-later');
  });

  it('says a player with a redeemed code or a key has access', () => {
    expect(campaignView(testBeta({ record: testRecord(), campaign_code: testCampaignCode() }))).toBe('has-access');
    const keyed = testBeta({ record: testRecord(), platform_code: { code: 'K', platform: 'pc_steam' } });
    expect(campaignView(keyed)).toBe('has-access');
  });

  it('sends a player who is not registered to register first, while registration is open', () => {
    expect(campaignView(testBeta())).toBe('register');
    expect(campaignView(testBeta({ registration_open: false, state: 'registration_ended' }))).toBe('closed');
  });
});

describe('the list after a change', () => {
  const first = testBeta({ id: '20000000-0000-4000-8000-000000000001' });
  const second = testBeta({ id: '20000000-0000-4000-8000-000000000002' });
  const game = {
    slug: 'skyline',
    name: 'Skyline',
  } as unknown as NonNullable<typeof first.game>;

  it('replaces the playtest, keeping its place', () => {
    const changed = { ...second, state: 'pre_registered' as const, record: testRecord() };
    expect(withBeta([first, second], changed)).toEqual([first, changed]);
  });

  it('keeps the embedded game when the answer does not embed it', () => {
    const shown = { ...first, game };
    const answer = { ...first, title: new Localized('', 'Renamed') };
    expect(withBeta([shown], answer)[0]?.game).toBe(game);
    expect(withBeta([shown], answer)[0]?.title.default).toBe('Renamed');
  });

  it('adds a playtest the list did not show', () => {
    expect(withBeta([first], second)).toEqual([first, second]);
  });
});
