// The demo playtest (issue 18): an open playtest of the demo game with Steam and Xbox sandbox keys,
// referrals allowed, one shared campaign code the README names, and a Twitch drop benefit, so a fresh
// `npm start` shows the whole playtest path. Put through the operators' service, as an operator would.
import { createHash } from 'node:crypto';
import type { BetaOperatorsService } from '../modules/betas/operators-service.ts';
import { localizedText } from './seed-texts.ts';

export const DEMO_PLAYTEST_KEY = 'starfall-open-playtest';
/** The campaign code the README names for development: any number of players can redeem it. */
export const DEMO_PLAYTEST_CODE = 'STARFALL-PLAYTEST';
/** The Twitch drop benefit that grants the demo playtest (README "Playtests"). */
export const DEMO_TWITCH_BENEFIT = 'starfall-launch-drop';
const KEYS_PER_PLATFORM = 200;

/** Sandbox keys in each platform's printed form, the same on every start (derived, not random). */
function sandboxKeys(platform: 'pc_steam' | 'xbox_series_xs'): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const groups = platform === 'pc_steam' ? 3 : 5;
  const keys: string[] = [];
  for (let i = 0; i < KEYS_PER_PLATFORM; i++) {
    const digest = createHash('sha256').update(`${DEMO_PLAYTEST_KEY}/${platform}/${i}`).digest();
    const characters = [...digest.subarray(0, groups * 5)].map((byte) => alphabet[byte % alphabet.length]).join('');
    keys.push(characters.match(/.{5}/g)?.join('-') ?? characters);
  }
  return keys.join('\n');
}

export async function seedDemoPlaytest(service: BetaOperatorsService, gameSlug: string): Promise<void> {
  const text = (name: string) => localizedText(`demo.playtest.${name}`);
  await service.put({
    key: DEMO_PLAYTEST_KEY,
    game: gameSlug,
    title: text('title'),
    description: text('description'),
    landing_page_text: text('landing_page_text'),
    registration_success: text('registration_success'),
    platform_survey_msg: text('platform_survey_msg'),
    license_messaging_text: text('license_messaging_text'),
    redemption_agreement: text('redemption_agreement'),
    assets: { cover: '/playtests/starfall-open-playtest.svg' },
    platforms: ['pc_steam', 'xbox_series_xs'],
    // Fixed dates: a start of the server does not change the playtest (nor make open pages stale).
    registration: { start: '2026-01-01T00:00:00Z', end: '2030-12-31T00:00:00Z' },
    redemption: { start: '2026-01-01T00:00:00Z', end: '2030-12-31T00:00:00Z' },
    speed_check: true,
    platform_survey: true,
    referral_max_count: 5,
    referral_degree: 2,
    minimum_age: 13,
  });
  const { beta, stats } = await service.stats(DEMO_PLAYTEST_KEY);
  for (const platform of ['pc_steam', 'xbox_series_xs'] as const) {
    if (!stats.keys.some((k) => k.platform === platform))
      await service.importKeys(beta.id, platform, sandboxKeys(platform));
  }
  await service.addCampaignCode(beta.id, DEMO_PLAYTEST_CODE, 'shared');
  await service.putBenefit({
    benefit_id: DEMO_TWITCH_BENEFIT,
    game: gameSlug,
    beta: DEMO_PLAYTEST_KEY,
    campaign: { id: 'starfall-launch', title: text('twitch_campaign') },
    cycle: { id: 'starfall-launch-week-1', start: '2026-01-01T00:00:00Z', end: '2030-12-31T00:00:00Z' },
  });
}
