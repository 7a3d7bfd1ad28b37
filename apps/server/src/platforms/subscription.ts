// A platform's subscription API (Max, spec 001 §7 `GET /accounts/max/me/subscription`): asked with the
// player's access token of the link, `GET <endpoints.subscription>` answers
// `{status: "active" | ..., plan, current_period_end}`. A refused token (401) means the player must
// connect the platform again (refresh_required).
import { PlatformError } from './types.ts';

const TIMEOUT_MS = 10_000;

export type SubscriptionAnswer =
  | { kind: 'found'; subscribed: boolean; plan: string | null; expiresAt: Date | null }
  /** The platform refused the token: the link needs refreshing. */
  | { kind: 'token-refused' };

export async function fetchSubscription(url: string, accessToken: string): Promise<SubscriptionAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (error) {
    throw new PlatformError('unavailable', 'the subscription could not be asked', { cause: error });
  }
  if (response.status === 401) return { kind: 'token-refused' };
  if (!response.ok) throw new PlatformError('unavailable', `the subscription answered ${response.status}`);
  const body = (await response.json().catch(() => null)) as {
    status?: unknown;
    plan?: unknown;
    current_period_end?: unknown;
  } | null;
  if (!body || typeof body.status !== 'string') throw new PlatformError('unavailable', 'not a subscription');
  const end = typeof body.current_period_end === 'string' ? new Date(body.current_period_end) : null;
  return {
    kind: 'found',
    subscribed: body.status === 'active',
    plan: typeof body.plan === 'string' && body.plan !== '' ? body.plan : null,
    expiresAt: end && !Number.isNaN(end.getTime()) ? end : null,
  };
}
