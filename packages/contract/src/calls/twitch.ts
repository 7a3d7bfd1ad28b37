// Twitch drops that grant a beta (spec 001 §7 "Other").
import { z } from 'zod';
import { defineCall } from './define.ts';
import { beta, benefitLookup } from './entities.ts';
import { gameSlug } from './games.ts';

export const benefitId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'That benefit id is not valid' });

export const claimBeta = defineCall({
  id: 'twitch.claimBeta',
  area: 'twitch',
  method: 'PUT',
  path: '/twitch/entitlements/me/claim/beta',
  auth: 'token',
  summary: 'Claims the beta access a Twitch drop benefit grants, through the linked twitch account.',
  body: z.object({ game_slug: gameSlug, benefit_id: benefitId }),
  // payload not shown in the spec: chosen the beta the benefit grants
  response: beta,
});

export const getBenefit = defineCall({
  id: 'twitch.benefit',
  area: 'twitch',
  method: 'GET',
  path: '/twitch/benefits/{id}',
  auth: 'public',
  summary: 'A Twitch drop benefit with its game, campaign and cycle.',
  params: z.object({ id: benefitId }),
  response: benefitLookup,
});

export const twitch = { claimBeta, getBenefit };
