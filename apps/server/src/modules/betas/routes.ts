// The playtest calls (spec 001 §7 "Betas" and "Other": twitch; issue 18). Each mounts a contract call
// on BetasService or TwitchDropsService.
import {
  award,
  createReferral,
  getInfo,
  leave,
  listAvailable,
  listRecords,
  listReferrals,
  lookupCampaign,
  redeem,
  register,
  updateRegistration,
  updateTos,
} from '@portal/contract/calls/betas';
import { claimBeta, getBenefit } from '@portal/contract/calls/twitch';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

const preferencesOf = (body: {
  platforms: string[];
  speed?: string | undefined;
  beta_version?: number | undefined;
}) => ({
  platforms: body.platforms as never,
  speed: body.speed,
  betaVersion: body.beta_version,
});

export function registerBetas(app: FastifyInstance, services: Pick<Services, 'betas' | 'twitchDrops'>) {
  const { betas, twitchDrops } = services;
  registerCall(app, listAvailable, async ({ account, query }) => ({
    betas: await betas.available(account, (query.embeds ?? []).includes('game')),
  }));
  registerCall(app, listRecords, async ({ account }) => ({ records: await betas.records(account) }));
  registerCall(app, getInfo, async ({ account, params }) => betas.info(params.id, account ?? null));
  registerCall(app, lookupCampaign, async ({ account, params }) => betas.lookupCampaign(params.code, account ?? null));
  registerCall(app, register, async ({ account, body }) => betas.register(account, body.beta_id, preferencesOf(body)));
  registerCall(app, updateRegistration, async ({ account, params, body }) =>
    betas.update(account, params.id, preferencesOf(body)),
  );
  registerCall(app, leave, async ({ account, params }) => {
    await betas.leave(account, params.id);
    return {};
  });
  registerCall(app, redeem, async ({ account, body }) => betas.redeem(account, body.code));
  registerCall(app, award, async ({ account, body }) => betas.award(account, body.beta_id, body.platform));
  registerCall(app, updateTos, async ({ account, params }) => betas.acceptTerms(account, params.code));
  registerCall(app, listReferrals, async ({ account, query }) => {
    const { codes, max } = await betas.referrals(account, query.beta_id);
    return {
      referral_codes: codes.map((c) => ({ code: c.code, redeemed: c.redeemedAt !== null, redeemed_at: c.redeemedAt })),
      referral_max_count: max,
    };
  });
  registerCall(app, createReferral, async ({ account, body }) => ({
    code: await betas.createReferral(account, body.beta_id),
    redeemed: false,
    redeemed_at: null,
  }));
  registerCall(app, getBenefit, async ({ params }) => twitchDrops.benefit(params.id));
  registerCall(app, claimBeta, async ({ account, body }) =>
    twitchDrops.claim(account, body.game_slug, body.benefit_id),
  );
}
