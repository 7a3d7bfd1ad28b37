// The one table of rate-limit tiers. A contract call names its tier (`rateLimit` in defineCall);
// this table says what each tier allows: requests per window per client address. `default` is the
// limit every /api and /oauth2 request has, counted over all of them together; the other tiers are
// counted per call, on top of the default.
import type { RateLimitTier } from '@portal/contract/calls/define';
import type { Config } from '../config.ts';

export interface RateLimit {
  max: number;
  timeWindow: number;
  /**
   * Counted in the shared store on every request (one round trip) instead of in batches: exact over
   * every instance. For the calls that check a secret, which cost far more than the round trip.
   */
  exact?: boolean;
}

export type RateLimitTable = Readonly<Record<RateLimitTier, RateLimit>>;

/** The registration form's availability checks and name suggestions: typed as one goes. */
export const CHECKS_PER_MINUTE = 60;

const MINUTE = 60_000;

export function rateLimitTiers(config: Pick<Config, 'RATE_LIMIT_PER_MINUTE' | 'SIGN_IN_PER_MINUTE'>): RateLimitTable {
  return {
    default: { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: MINUTE },
    'sign-in': { max: config.SIGN_IN_PER_MINUTE, timeWindow: MINUTE, exact: true },
    checks: { max: CHECKS_PER_MINUTE, timeWindow: MINUTE },
  };
}
