// A playtest as the server answers it, for the unit tests: open for registration, not registered.
import type { Beta } from '@portal/contract/calls/entities';
import { Localized } from '@portal/contract/codec';

export function testBeta(changes: Partial<Beta> = {}): Beta {
  return {
    id: '20000000-0000-4000-8000-000000000001',
    version: 1,
    state: 'not_registered',
    redeemable: false,
    updateable: false,
    referral_allowed: false,
    record: null,
    campaign_code: null,
    platform_code: null,
    registration_window: { start: new Date('2026-04-01T00:00:00Z'), end: new Date('2026-06-01T00:00:00Z') },
    redemption_window: { start: new Date('2026-05-01T00:00:00Z'), end: new Date('2026-07-01T00:00:00Z') },
    speed_check: false,
    platform_choices: ['ps_5', 'xbox_series_xs', 'pc_steam'],
    registration_success: null,
    game_platforms: ['ps_5', 'xbox_series_xs', 'pc_steam'],
    registration_open: true,
    redemption_open: false,
    title: new Localized('', 'Skyline playtest'),
    landing_page_text: null,
    platform_survey_msg: null,
    license_messaging_text: null,
    referral_max_count: null,
    referral_degree: null,
    description: null,
    redemption_agreement: null,
    platform_survey: false,
    assets: { cover: null },
    ...changes,
  };
}

export const testRecord = (changes: Partial<NonNullable<Beta['record']>> = {}): NonNullable<Beta['record']> => ({
  id: '30000000-0000-4000-8000-000000000001',
  campaign_id: 'skyline',
  speed: null,
  platforms: ['pc_steam'],
  beta_tos: true,
  ...changes,
});

export const testCampaignCode = (code = 'SKY-1234'): NonNullable<Beta['campaign_code']> => ({
  code,
  code_type: 'campaign',
  state: 'redeemed',
  degree: 0,
});
