// Short-code platforms (wizarding_world, apple_vendor_id, android_app_set_id; spec 001 §9
// `{short_code}`): the other service shows the player a code, the player types it here, and the
// server exchanges it at the platform's configured endpoint with the client's credentials:
// `POST <endpoints.exchange>` (form `code=<short code>`, HTTP Basic client id and secret), answered
// with JSON naming the subject (`subject_field`, default `sub`) and a name (`username_field`, default
// `username`). A 400, 401, 403 or 404 is a refused code; anything else the platform being unavailable.
import type { LinkPayload } from '@portal/contract/calls/entities';
import { pick, text } from './json-fields.ts';
import { PlatformError } from './types.ts';
import type {
  AuthorizationRequest,
  ExchangeContext,
  PlatformAdapter,
  PlatformConfig,
  PlatformIdentity,
} from './types.ts';

const TIMEOUT_MS = 10_000;

export class ShortCodePlatform implements PlatformAdapter {
  readonly #config: PlatformConfig;
  readonly #exchange: string;
  readonly #credentials: string;

  constructor(config: PlatformConfig) {
    const exchange = config.endpoints.exchange;
    if (!exchange) throw new Error(`platform ${config.platform}: a short-code platform needs the exchange endpoint`);
    if (!config.clientId || !config.clientSecret) {
      throw new Error(`platform ${config.platform}: a short-code platform needs a client id and secret`);
    }
    this.#config = config;
    this.#exchange = exchange;
    this.#credentials = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  }

  /** Where the player gets a code (`endpoints.authorization`), when the platform has such a page. */
  async authorizationUrl(_request: AuthorizationRequest): Promise<URL> {
    const page = this.#config.endpoints.authorization;
    if (!page) throw new PlatformError('unavailable', `${this.#config.platform} names no page that shows a code`);
    return new URL(page);
  }

  async identify(proof: LinkPayload, _context: ExchangeContext): Promise<PlatformIdentity> {
    if (!('short_code' in proof)) throw new PlatformError('refused', 'a short code is expected');
    let response: Response;
    try {
      response = await fetch(this.#exchange, {
        method: 'POST',
        headers: {
          authorization: `Basic ${this.#credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({ code: proof.short_code }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new PlatformError('unavailable', `${this.#config.platform} could not be asked`, { cause: error });
    }
    if ([400, 401, 403, 404].includes(response.status)) {
      throw new PlatformError('refused', `${this.#config.platform} refused the code (${response.status})`);
    }
    if (!response.ok) throw new PlatformError('unavailable', `${this.#config.platform} answered ${response.status}`);
    const body: unknown = await response.json().catch(() => null);
    const { endpoints } = this.#config;
    const subject = text(pick(body, endpoints.subject_field ?? 'sub'));
    if (subject === null) throw new PlatformError('unavailable', `${this.#config.platform} named no subject`);
    return { subject, username: text(pick(body, endpoints.username_field ?? 'username')) };
  }
}
