// What the operators write to define a playtest (`npm run admin -- betas put <file.json>`) and a
// Twitch drop benefit (`twitch benefits put <file.json>`); README "Playtests" shows an example.
import { benefitId } from '@portal/contract/calls/twitch';
import { gamePlatformKey, gameSlug } from '@portal/contract/calls/games';
import { LOCALE_TAGS } from '@portal/contract/data/locales';
import { z } from 'zod';

/** A text in the default language, with translations by locale tag: "text" or {default, localizations}. */
const text = z.union([
  z.string().trim().min(1).max(20_000),
  z.strictObject({
    /** The text's name in translation tables (the demo seed's texts carry one). */
    slug: z.string().max(200).optional(),
    default: z.string().trim().min(1).max(20_000),
    localizations: z.partialRecord(z.enum(LOCALE_TAGS), z.string().trim().min(1).max(20_000)).default({}),
  }),
]);
export type TextInput = z.output<typeof text>;

const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const window = z
  .strictObject({ start: instant.nullable().default(null), end: instant.nullable().default(null) })
  .refine((w) => w.start === null || w.end === null || w.start < w.end, { error: 'start must come before end' });

export const betaKey = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,63}$/, { error: 'A playtest key is 2-64 lower-case letters, digits or "-"' });

export const betaDefinition = z.strictObject({
  /** The operators' name for the playtest; putting the same key again updates it. */
  key: betaKey,
  game: gameSlug,
  title: text,
  description: text.optional(),
  landing_page_text: text.optional(),
  registration_success: text.optional(),
  platform_survey_msg: text.optional(),
  /** The licence the player reads before registering. */
  license_messaging_text: text.optional(),
  /** The playtest's terms, accepted with beta_tos. */
  redemption_agreement: text.optional(),
  assets: z.strictObject({ cover: z.string().max(2_000).nullable().default(null) }).default({ cover: null }),
  platforms: z
    .array(gamePlatformKey)
    .min(1)
    .refine((v) => new Set(v).size === v.length, { error: 'A platform is listed twice' }),
  registration: window,
  redemption: window,
  speed_check: z.boolean().default(false),
  platform_survey: z.boolean().default(false),
  /** How many referral codes each player may make; none or 0: no referrals. */
  referral_max_count: z.number().int().min(0).max(1_000).nullable().default(null),
  /** How far referrals may chain (a campaign code is degree 0); none: no limit. */
  referral_degree: z.number().int().min(0).max(100).nullable().default(null),
  /** Players younger than this cannot redeem (redemption age gate); none: no gate. */
  minimum_age: z.number().int().min(0).max(99).nullable().default(null),
});
export type BetaDefinition = z.output<typeof betaDefinition>;

/** The texts kept in betas.texts, as the answer's localized fields read them. */
export const TEXT_FIELDS = [
  'title',
  'description',
  'landing_page_text',
  'registration_success',
  'platform_survey_msg',
  'license_messaging_text',
  'redemption_agreement',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The texts a player accepts: a change of either asks every player to accept them again. */
export const TERMS_FIELDS = ['redemption_agreement', 'license_messaging_text'] as const satisfies TextField[];

export const benefitDefinition = z.strictObject({
  benefit_id: benefitId,
  game: gameSlug,
  /** The playtest key (or id) the benefit grants. */
  beta: z.string().min(1).max(100),
  campaign: z.strictObject({ id: z.string().min(1).max(200), title: text.optional() }),
  cycle: z.strictObject({
    id: z.string().min(1).max(200),
    start: instant.nullable().default(null),
    end: instant.nullable().default(null),
  }),
});
export type BenefitDefinition = z.output<typeof benefitDefinition>;
