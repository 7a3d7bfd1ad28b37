// Twitch Drops through the Twitch API (dev.twitch.tv/docs/api/reference/#get-drops-entitlements):
// an app access token by the client-credentials grant, the entitlements a Twitch user was granted
// (GET /entitlements/drops?user_id=), and marking them FULFILLED once granted here (PATCH). The Twitch
// platform's configuration gives the client and two endpoints: `drops_api` (https://api.twitch.tv/helix)
// and `app_token` (https://id.twitch.tv/oauth2/token); development uses the sandbox's (sandbox/twitch-drops.ts).
import type { PlatformConfig } from './types.ts';

const TIMEOUT_MS = 10_000;
/** Pages of entitlements read at most per claim (1,000 each). */
const MAX_PAGES = 5;

export interface DropsEntitlement {
  id: string;
  benefitId: string;
  userId: string;
  gameId: string;
  fulfillmentStatus: 'CLAIMED' | 'FULFILLED';
}

export class TwitchDropsError extends Error {
  override name = 'TwitchDropsError';
}

interface AppToken {
  value: string;
  expiresAt: number;
}

export class TwitchDrops {
  readonly #api: string;
  readonly #tokenUrl: string;
  readonly #clientId: string;
  readonly #clientSecret: string;
  #token: AppToken | null = null;

  /** The client of a Twitch configuration, or null when it lacks the client or the Drops endpoints. */
  static from(config: PlatformConfig): TwitchDrops | null {
    const { drops_api: api, app_token: tokenUrl } = config.endpoints;
    if (!api || !tokenUrl || !config.clientId || !config.clientSecret) return null;
    return new TwitchDrops(api, tokenUrl, config.clientId, config.clientSecret);
  }

  private constructor(api: string, tokenUrl: string, clientId: string, clientSecret: string) {
    this.#api = api.replace(/\/+$/, '');
    this.#tokenUrl = tokenUrl;
    this.#clientId = clientId;
    this.#clientSecret = clientSecret;
  }

  async #appToken(): Promise<string> {
    if (this.#token && this.#token.expiresAt > Date.now()) return this.#token.value;
    const response = await fetch(this.#tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: this.#clientId,
        client_secret: this.#clientSecret,
        grant_type: 'client_credentials',
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== 'string')
      throw new TwitchDropsError(`app token: HTTP ${response.status}`);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    // Renewed a minute early, so a token never expires between reading and using it.
    this.#token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
    return this.#token.value;
  }

  async #call(path: string, init: { method: 'GET' | 'PATCH'; body?: unknown }): Promise<unknown> {
    const send = async () =>
      fetch(`${this.#api}${path}`, {
        method: init.method,
        headers: {
          authorization: `Bearer ${await this.#appToken()}`,
          'client-id': this.#clientId,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    let response = await send();
    if (response.status === 401) {
      // The app token was revoked or expired early: one new token, one more try.
      this.#token = null;
      response = await send();
    }
    if (!response.ok) throw new TwitchDropsError(`${init.method} ${path.split('?')[0]}: HTTP ${response.status}`);
    return response.json();
  }

  /** The Drops entitlements of a Twitch user (any status), every page up to MAX_PAGES. */
  async entitlements(userId: string): Promise<DropsEntitlement[]> {
    const found: DropsEntitlement[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = new URLSearchParams({ user_id: userId, first: '1000', ...(after ? { after } : {}) });
      const answer = (await this.#call(`/entitlements/drops?${query}`, { method: 'GET' })) as {
        data?: unknown;
        pagination?: { cursor?: unknown };
      };
      if (!Array.isArray(answer.data)) throw new TwitchDropsError('entitlements: no data');
      for (const item of answer.data as Record<string, unknown>[]) {
        const status = item.fulfillment_status;
        if (typeof item.id !== 'string' || typeof item.benefit_id !== 'string') continue;
        if (status !== 'CLAIMED' && status !== 'FULFILLED') continue;
        found.push({
          id: item.id,
          benefitId: item.benefit_id,
          userId: String(item.user_id ?? ''),
          gameId: String(item.game_id ?? ''),
          fulfillmentStatus: status,
        });
      }
      after = typeof answer.pagination?.cursor === 'string' ? answer.pagination.cursor : undefined;
      if (!after) break;
    }
    return found;
  }

  /** Marks entitlements FULFILLED; answers the ids Twitch updated. */
  async fulfil(ids: readonly string[]): Promise<string[]> {
    const answer = (await this.#call('/entitlements/drops', {
      method: 'PATCH',
      body: { fulfillment_status: 'FULFILLED', entitlement_ids: ids },
    })) as { data?: { status?: unknown; ids?: unknown }[] };
    const updated = (answer.data ?? []).find((group) => group.status === 'SUCCESS')?.ids;
    return Array.isArray(updated) ? updated.filter((id): id is string => typeof id === 'string') : [];
  }
}
