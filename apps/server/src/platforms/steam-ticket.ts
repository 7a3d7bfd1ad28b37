// A game's Steam sign-in: the game asks the Steam client for a Web API auth ticket
// (ISteamUser::GetAuthTicketForWebApi, with an identity string naming this service) and sends it, hex
// encoded, as the spec's `access_token` (ADR 020). The portal asks Steam's partner Web API who it
// stands for (`ISteamUserAuth/AuthenticateUserTicket`, with the publisher key and the game's app id),
// then the player's persona name (`ISteamUser/GetPlayerSummaries`). A ticket is accepted once on every
// instance while the nonce store keeps it (10 minutes): one seen before is a replay. Steam itself
// accepts a ticket until the game cancels it (ISteamUser::CancelAuthTicket), which games do once
// signed in (ADR 020).
import { createHash } from 'node:crypto';
import { PlatformError } from './types.ts';
import type { PlatformConfig, PlatformIdentity } from './types.ts';

/** Records a nonce; false when it was seen before (steam-openid.ts's NonceStore). */
type NonceStore = (nonce: string, seenAt: Date) => Promise<boolean>;

const TIMEOUT_MS = 10_000;
/** A hex ticket: Steam's are a few hundred bytes; more than 8 KiB is not one. */
export const STEAM_TICKET = /^(?:[0-9a-fA-F]{2}){16,4096}$/;

interface TicketAnswer {
  response?: {
    params?: { result?: string; steamid?: string; publisherbanned?: boolean };
    error?: { errorcode?: number; errordesc?: string };
  };
}

export class SteamTickets {
  readonly #webApi: string;
  readonly #key: string;
  readonly #appId: string;
  readonly #identity: string | undefined;
  readonly #nonces: NonceStore;

  /** Null when the platform is not configured for tickets (no Web API, key or app id). */
  static from(config: PlatformConfig, nonces: NonceStore): SteamTickets | null {
    const { web_api: webApi, app_id: appId, ticket_identity: identity } = config.endpoints;
    if (!webApi || !appId || !config.clientSecret) return null;
    return new SteamTickets(webApi, config.clientSecret, appId, identity, nonces);
  }

  private constructor(webApi: string, key: string, appId: string, identity: string | undefined, nonces: NonceStore) {
    this.#webApi = webApi.replace(/\/+$/, '');
    this.#key = key;
    this.#appId = appId;
    this.#identity = identity;
    this.#nonces = nonces;
  }

  async #get(path: string, query: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.#webApi}${path}`);
    url.searchParams.set('key', this.#key);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    // Steam answers a bad ticket with an error object, and a bad key or app with 403.
    if (response.status === 403 || response.status >= 500) throw new Error(`Steam answered ${response.status}`);
    return response.json();
  }

  async identify(ticket: string): Promise<PlatformIdentity> {
    let answer: TicketAnswer;
    try {
      answer = (await this.#get('/ISteamUserAuth/AuthenticateUserTicket/v1/', {
        appid: this.#appId,
        ticket,
        ...(this.#identity ? { identity: this.#identity } : {}),
      })) as TicketAnswer;
    } catch (error) {
      throw new PlatformError('unavailable', 'Steam could not be asked about a ticket', { cause: error });
    }
    const params = answer.response?.params;
    const steamId = params?.steamid ?? '';
    if (params?.result !== 'OK' || !/^\d{17}$/.test(steamId)) {
      throw new PlatformError(
        'refused',
        `Steam refused the ticket (${answer.response?.error?.errordesc ?? 'no result'})`,
      );
    }
    if (params.publisherbanned === true) throw new PlatformError('refused', 'banned by the publisher');
    const digest = createHash('sha256').update(ticket.toLowerCase()).digest('base64url');
    if (!(await this.#nonces(`steam-ticket ${digest}`, new Date()))) {
      throw new PlatformError('refused', 'a ticket used before');
    }
    return { subject: steamId, username: await this.personaName(steamId) };
  }

  /**
   * The player's persona name (ISteamUser/GetPlayerSummaries), or null when Steam does not say: the
   * sign-in goes on without it. The web's OpenID sign-in asks it too (steam-openid.ts).
   */
  async personaName(steamId: string): Promise<string | null> {
    try {
      const summaries = (await this.#get('/ISteamUser/GetPlayerSummaries/v2/', { steamids: steamId })) as {
        response?: { players?: Array<{ steamid?: string; personaname?: string }> };
      };
      const player = summaries.response?.players?.find((p) => p.steamid === steamId);
      return typeof player?.personaname === 'string' && player.personaname !== '' ? player.personaname : null;
    } catch {
      return null;
    }
  }
}
