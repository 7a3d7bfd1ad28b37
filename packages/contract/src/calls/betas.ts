// Betas (playtests): available betas, registration and preferences, code redemption, platform
// codes and referral codes (spec 001 §7 "Betas", spec 000 §4 "Beta").
import { z } from 'zod';
import { defineCall } from './define.ts';
import { documentedRule } from './documented.ts';
import { beta, betaId, betaRecord, campaignCode, referralCode, speedBand } from './entities.ts';
import { gamePlatformKey } from './games.ts';
import { queryList } from './wire.ts';

const betaTos = z.literal(true, { error: 'Please accept the playtest terms to continue.' });
const platforms = documentedRule(
  z.array(gamePlatformKey).min(1).max(gamePlatformKey.options.length),
  (v) => new Set(v).size === v.length,
  { error: 'A platform is listed twice' },
  { uniqueItems: true },
);
const preferences = {
  speed: speedBand.optional(),
  platforms,
  /** The beta's `version` the page showed; another version answers beta_registration_stale (1141). */
  beta_version: z.number().int().min(1).optional(),
};

export const listReferrals = defineCall({
  id: 'betas.referrals',
  area: 'betas',
  method: 'GET',
  path: '/betas/me/referrals',
  auth: 'token',
  summary: 'The referral codes of the signed-in player for a beta, each redeemable once.',
  query: z.object({ beta_id: betaId }),
  // payload not shown in the spec: chosen {referral_codes, referral_max_count}
  response: z.object({
    referral_codes: z.array(referralCode),
    referral_max_count: z.number().int().min(0).nullable(),
  }),
});

export const createReferral = defineCall({
  id: 'betas.createReferral',
  area: 'betas',
  method: 'POST',
  path: '/betas/me/referrals',
  auth: 'token',
  summary: 'Creates a referral code for a beta (maximum referrals reached, referral not allowed).',
  body: z.object({ beta_id: betaId }),
  response: referralCode,
  status: 201,
});

export const redeem = defineCall({
  id: 'betas.redeem',
  area: 'betas',
  method: 'POST',
  path: '/betas/me/redeem',
  auth: 'token',
  summary: 'Redeems a campaign or referral code, accepting the beta terms (code not available, age gate).',
  body: z.object({ code: campaignCode, beta_tos: betaTos }),
  response: beta,
});

export const award = defineCall({
  id: 'betas.award',
  area: 'betas',
  method: 'POST',
  path: '/betas/me/award',
  auth: 'token',
  summary: 'Awards the platform redemption code of a beta for the chosen platform (already awarded...).',
  body: z.object({ beta_id: betaId, platform: gamePlatformKey }),
  response: beta,
});

export const listAvailable = defineCall({
  id: 'betas.available',
  area: 'betas',
  method: 'GET',
  path: '/betas/me/available',
  auth: 'token',
  summary: 'The betas the signed-in player can see, with their registration; embeds=game adds the game.',
  query: z.object({ embeds: queryList(z.enum(['game'])) }),
  // payload not shown in the spec: chosen {betas}
  response: z.object({ betas: z.array(beta) }),
});

export const lookupCampaign = defineCall({
  id: 'betas.lookupCampaign',
  area: 'betas',
  method: 'GET',
  path: '/betas/lookup/campaign/{code}',
  auth: 'optional',
  summary: 'The beta a campaign code belongs to (beta campaign closed, code not available).',
  params: z.object({ code: campaignCode }),
  response: beta,
});

export const getInfo = defineCall({
  id: 'betas.info',
  area: 'betas',
  method: 'GET',
  path: '/betas/{id}/info',
  auth: 'optional',
  summary: 'A beta; when signed in, with the player registration record and codes.',
  params: z.object({ id: betaId }),
  response: beta,
});

export const updateTos = defineCall({
  id: 'betas.updateTos',
  area: 'betas',
  method: 'PUT',
  path: '/betas/me/{code}/update_tos',
  auth: 'token',
  summary: 'Accepts the (updated) terms of the beta of a campaign code.',
  params: z.object({ code: campaignCode }),
  // spec 001 §7 shows no body: the call accepts the terms by its name; {beta_tos: true} is taken too
  body: z.object({ beta_tos: betaTos.optional() }).optional(),
  response: beta,
});

export const listRecords = defineCall({
  id: 'betas.records',
  area: 'betas',
  method: 'GET',
  path: '/betas/records',
  auth: 'token',
  summary: 'The beta registration records of the signed-in player.',
  // payload not shown in the spec: chosen {records}
  response: z.object({ records: z.array(betaRecord) }),
});

export const register = defineCall({
  id: 'betas.register',
  area: 'betas',
  method: 'POST',
  path: '/betas/me/register',
  auth: 'token',
  summary: 'Pre-registers for a beta with speed band and platforms (registration closed, stale).',
  body: z.object({ beta_id: betaId, ...preferences, beta_tos: betaTos }),
  response: beta,
  status: 201,
});

/** `{id}` of the register paths is the beta id. */
const registrationParams = z.object({ id: betaId });

export const updateRegistration = defineCall({
  id: 'betas.updateRegistration',
  area: 'betas',
  method: 'PUT',
  path: '/betas/me/register/{id}',
  auth: 'token',
  summary: 'Changes speed band and platforms of a beta registration while it can be updated.',
  params: registrationParams,
  // payload not shown in the spec: chosen {speed, platforms}
  body: z.object(preferences),
  response: beta,
});

export const leave = defineCall({
  id: 'betas.leave',
  area: 'betas',
  method: 'DELETE',
  path: '/betas/me/register/{id}',
  auth: 'token',
  summary: 'Leaves a beta the player is pre-registered for.',
  params: registrationParams,
});

export const betas = {
  listReferrals,
  createReferral,
  redeem,
  award,
  listAvailable,
  lookupCampaign,
  getInfo,
  updateTos,
  listRecords,
  register,
  updateRegistration,
  leave,
};
