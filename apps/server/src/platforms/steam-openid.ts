// Steam's public sign-in: OpenID 2.0 (https://steamcommunity.com/openid). The web app's popup comes
// back to the site's origin with an assertion in its query string (`openid.*`), which the web app
// sends as the spec's `access_token` (ADR 020). The assertion is checked strictly, then verified with
// Steam itself (`check_authentication`); passport-steam and others were fooled where one of these
// checks was missing:
// - `openid.ns` is OpenID 2.0 and `openid.mode` is `id_res`;
// - `openid.op_endpoint` is exactly the configured endpoint (no assertion of another provider);
// - `openid.return_to` is exactly this site's redirect URI;
// - `openid.claimed_id` and `openid.identity` are the same, under the configured id prefix, ending in
//   the 17-digit SteamID64, and all of them are among the signed fields;
// - `openid.response_nonce` is recent (5 minutes) and used once on every instance (the database);
// - Steam answers `is_valid:true` to the same fields with `openid.mode=check_authentication`.
// A game sends a Web API auth ticket (hex) in the same field instead: steam-ticket.ts checks it.
import type { LinkPayload } from '@portal/contract/calls/entities';
import { STEAM_TICKET, SteamTickets } from './steam-ticket.ts';
import { PlatformError } from './types.ts';
import type {
  AuthorizationRequest,
  ExchangeContext,
  PlatformAdapter,
  PlatformConfig,
  PlatformIdentity,
} from './types.ts';

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
/** How old an assertion's nonce may be. */
export const NONCE_MAX_AGE_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;
const REQUIRED_SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

/** Records a nonce; false when it was seen before (a replay). */
export type NonceStore = (nonce: string, seenAt: Date) => Promise<boolean>;

/** The time at the start of an OpenID 2.0 response nonce (`2026-11-24T12:00:00Z` + unique text). */
export function nonceTime(nonce: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce);
  return match?.[1] ? Date.parse(match[1]) : null;
}

/** The assertion's `openid.*` fields, from the query string the web app passed on. */
export function assertionFields(text: string): Map<string, string> | null {
  const params = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);
  const fields = new Map<string, string>();
  for (const [name, value] of params) {
    if (!name.startsWith('openid.')) continue;
    if (fields.has(name)) return null; // a field given twice is a forgery attempt
    fields.set(name, value);
  }
  return fields.size > 0 ? fields : null;
}

export class SteamOpenIdPlatform implements PlatformAdapter {
  readonly #endpoint: string;
  readonly #claimedIdPrefix: string;
  readonly #nonces: NonceStore;
  readonly #now: () => number;
  /** Steam's Web API, when the platform is configured for it: a game's auth tickets, and persona names (steam-ticket.ts). */
  readonly #tickets: SteamTickets | null;

  constructor(config: PlatformConfig, nonces: NonceStore, now: () => number = Date.now) {
    const endpoint = config.endpoints.openid;
    const prefix = config.endpoints.claimed_id;
    if (!endpoint || !prefix) {
      throw new Error(`platform ${config.platform}: Steam OpenID needs the openid and claimed_id endpoints`);
    }
    this.#endpoint = endpoint;
    this.#claimedIdPrefix = prefix;
    this.#nonces = nonces;
    this.#now = now;
    this.#tickets = SteamTickets.from(config, nonces);
  }

  /** Steam's sign-in page, coming back to the site (`checkid_setup`, the identifier chosen there). */
  async authorizationUrl(request: AuthorizationRequest): Promise<URL> {
    const url = new URL(this.#endpoint);
    const select = `${OPENID_NS}/identifier_select`;
    url.searchParams.set('openid.ns', OPENID_NS);
    url.searchParams.set('openid.mode', 'checkid_setup');
    url.searchParams.set('openid.return_to', request.redirectUri);
    url.searchParams.set('openid.realm', new URL(request.redirectUri).origin);
    url.searchParams.set('openid.identity', select);
    url.searchParams.set('openid.claimed_id', select);
    return url;
  }

  async identify(proof: LinkPayload, context: ExchangeContext): Promise<PlatformIdentity> {
    if (!('access_token' in proof)) throw new PlatformError('refused', 'a Steam OpenID assertion is expected');
    // A game's Web API ticket (hex) rather than the web's assertion (a query string).
    if (STEAM_TICKET.test(proof.access_token)) {
      if (!this.#tickets) throw new PlatformError('refused', 'Steam tickets are not configured');
      return this.#tickets.identify(proof.access_token);
    }
    const fields = assertionFields(proof.access_token);
    if (!fields) throw new PlatformError('refused', 'not an OpenID assertion');
    const field = (name: string) => fields.get(`openid.${name}`);
    if (field('ns') !== OPENID_NS || field('mode') !== 'id_res') throw new PlatformError('refused', 'not an assertion');
    if (field('op_endpoint') !== this.#endpoint) throw new PlatformError('refused', 'another OpenID provider');
    if (field('return_to') !== context.redirectUri) throw new PlatformError('refused', 'returned elsewhere');
    const claimedId = field('claimed_id') ?? '';
    if (field('identity') !== claimedId || !claimedId.startsWith(this.#claimedIdPrefix)) {
      throw new PlatformError('refused', 'a foreign identity');
    }
    const steamId = claimedId.slice(this.#claimedIdPrefix.length);
    if (!/^\d{17}$/.test(steamId)) throw new PlatformError('refused', 'not a SteamID64');
    const signed = new Set((field('signed') ?? '').split(','));
    if (!field('sig') || REQUIRED_SIGNED.some((name) => !signed.has(name))) {
      throw new PlatformError('refused', 'fields left unsigned');
    }
    const nonce = field('response_nonce') ?? '';
    const issued = nonceTime(nonce);
    const now = this.#now();
    if (issued === null || Math.abs(now - issued) > NONCE_MAX_AGE_MS) throw new PlatformError('refused', 'stale');
    await this.#verify(fields);
    // Counted once the signature holds, so a forged one cannot use up a real nonce.
    if (!(await this.#nonces(`${this.#endpoint} ${nonce}`, new Date(issued)))) {
      throw new PlatformError('refused', 'a replayed assertion');
    }
    // OpenID says nothing of the name: the Web API does, where the platform is configured for it.
    return { subject: steamId, username: (await this.#tickets?.personaName(steamId)) ?? null };
  }

  /** Steam checks its own signature: the same fields, with mode check_authentication. */
  async #verify(fields: Map<string, string>): Promise<void> {
    const body = new URLSearchParams([...fields]);
    body.set('openid.mode', 'check_authentication');
    let text: string;
    try {
      const response = await fetch(this.#endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/plain' },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      if (!response.ok) throw new Error(`check_authentication answered ${response.status}`);
      text = await response.text();
    } catch (error) {
      throw new PlatformError('unavailable', 'Steam could not be asked', { cause: error });
    }
    const answer = new Map(
      text.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)] as const),
    );
    if (answer.get('ns') !== OPENID_NS || answer.get('is_valid') !== 'true') {
      throw new PlatformError('refused', 'Steam did not confirm the assertion');
    }
  }
}
