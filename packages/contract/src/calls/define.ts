// Every call of spec 001 §7 is declared once, here in the contract, with the schemas of its path
// parameters, query, body and successful answer, and its policies (captcha, rate-limit tier, access
// of a session pending two-factor, game tokens, recent verification). The server registers its
// handlers from these declarations and applies the policies in one place (registerCall); the web
// client is typed from them; the OpenAPI document is generated from them.
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Area =
  'accounts' | 'sessions' | 'betas' | 'friends' | 'social' | 'games' | 'settings' | 'twitch' | 'analytics' | 'console';
/**
 * public: no access token needed; token: an access token is required; optional: used when sent;
 * operator: an operator's console token (never a player's), with at least the call's `role`.
 */
export type Auth = 'public' | 'token' | 'optional' | 'operator';

/** An operator's role (the console, issue 33): viewer reads, support acts on players, admin does all. */
export type OperatorRoleNeeded = 'viewer' | 'support' | 'admin';

/**
 * What a call that changes what protects the account needs just before (PUT /sessions/me/verify):
 * `true` any verification; `credential` the password, an authenticator code or a passkey when the
 * account has a password or two-factor, else any verification; `credential-if-held` the same, but
 * nothing more for an account without either (the call's own emailed code proves its mailbox).
 */
export type RecentVerification = boolean | 'credential' | 'credential-if-held';

/**
 * The named rate-limit tiers; the server holds each tier's limit (requests per minute per client
 * address, counted per call). `default`: the limit every API call has; `sign-in`: calls that check a
 * secret (a password, an emailed or authenticator code, a link's token) or create an account;
 * `checks`: the availability checks and suggestions of the registration form.
 */
export const RATE_LIMIT_TIERS = ['default', 'sign-in', 'checks'] as const;
export type RateLimitTier = (typeof RATE_LIMIT_TIERS)[number];

/**
 * Access tokens a game got (OAuth code or device flow): `refused` on most calls, `allowed` beside
 * the web app's, `required` where only a game's own token may call.
 */
export type GameTokenPolicy = 'refused' | 'allowed' | 'required';

/** What a call demands beyond its schemas; the server's registerCall applies every one of them. */
export interface CallPolicies {
  /** X-Captcha-Response is verified with the configured captcha provider (when one is configured). */
  captcha: boolean;
  /** The call's rate-limit tier. */
  rateLimit: RateLimitTier;
  /** A session whose two-factor check is still pending may use the call (else 1018 with mfa_required). */
  allowMfaPending: boolean;
  gameToken: GameTokenPolicy;
  /**
   * The session was verified again (PUT /sessions/me/verify) within the last 10 minutes (else 1059).
   * `credential`: with the password or the authenticator, or with an emailed code only when the
   * account has neither (else 1028, re-authentication: ADR 029).
   */
  recentVerification: RecentVerification;
  /**
   * A browser's session of a stub account (the stub flow: spec 000 §4, a stub is not a valid account
   * for the dashboard) may use the call; every other call refuses it (1018, reason `stub`). A game's
   * session of a stub is not concerned: the game plays as it.
   */
  allowStub: boolean;
}

export interface Call<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends Auth = Auth,
> extends CallPolicies {
  /** The least role of the operator calling (`auth: 'operator'` calls only). */
  role?: OperatorRoleNeeded;
  /** Stable identifier, `area.name`, also the OpenAPI operationId. */
  id: string;
  area: Area;
  method: Method;
  /** Path below the API base, parameters in braces: `/games/{slug}`. */
  path: string;
  auth: A;
  summary: string;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** HTTP status of a successful answer. */
  status: number;
  /** Largest accepted request body in bytes, when it differs from the server default. */
  bodyLimit?: number;
  /**
   * The rate-limit tier of a request by the `grant_type` of its body, where it is not `rateLimit`:
   * a device polling for its tokens is limited by its interval (RFC 8628 slow_down), not by the
   * sign-ins of its address.
   */
  grantTiers?: Readonly<Record<string, RateLimitTier>>;
}

/**
 * The body of a call without a payload: none. `{}` and `null` count as none, since a client that writes
 * every request body with the codec (spec 001 §7 "Request bodies are written with this codec") sends them.
 */
const noBody = z
  .custom<undefined>(
    (v) =>
      v === undefined ||
      v === null ||
      (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0),
    { error: 'This call takes no request body' },
  )
  .transform(() => undefined);

/** Whether a call takes no request body (for the OpenAPI document). */
export function takesNoBody(call: Pick<Call, 'body'>): boolean {
  return call.body === noBody;
}
const empty = z.object({});
export const ok = z.object({}).describe('An empty object: the call succeeded');

export function defineCall<
  P extends z.ZodType = typeof empty,
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = typeof noBody,
  R extends z.ZodType = typeof ok,
  A extends Auth = Auth,
>(def: {
  id: string;
  area: Area;
  method: Method;
  path: string;
  auth: A;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  status?: number;
  bodyLimit?: number;
  grantTiers?: Readonly<Record<string, RateLimitTier>>;
  /** Policies (CallPolicies); each left out takes its default: no captcha, tier `default`, a session
   *  pending two-factor, game tokens and a browser's stub session refused, no recent verification needed. */
  captcha?: boolean;
  rateLimit?: RateLimitTier;
  allowMfaPending?: boolean;
  gameToken?: GameTokenPolicy;
  recentVerification?: RecentVerification;
  allowStub?: boolean;
  role?: OperatorRoleNeeded;
}): Call<P, Q, B, R, A> {
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const params = (def.params ?? empty) as P;
  if (params instanceof z.ZodObject) {
    const keys = Object.keys(params.shape).sort().join(',');
    if (keys !== [...names].sort().join(',')) {
      throw new Error(`${def.id}: path parameters {${names.join(',')}} differ from the params schema (${keys})`);
    }
  }
  const policies: CallPolicies = {
    captcha: def.captcha ?? false,
    rateLimit: def.rateLimit ?? 'default',
    allowMfaPending: def.allowMfaPending ?? false,
    gameToken: def.gameToken ?? 'refused',
    recentVerification: def.recentVerification ?? false,
    allowStub: def.allowStub ?? false,
  };
  // Session policies mean nothing without a session, and only a token call can insist on a game's.
  const sessionPolicies =
    policies.allowMfaPending || policies.gameToken !== 'refused' || policies.recentVerification || policies.allowStub;
  if (def.auth === 'public' && sessionPolicies) throw new Error(`${def.id}: a public call takes no session policy`);
  if (def.auth !== 'token' && (policies.gameToken === 'required' || policies.recentVerification)) {
    throw new Error(`${def.id}: only a token call can require a game token or a recent verification`);
  }
  return {
    ...def,
    ...policies,
    params,
    query: (def.query ?? empty) as Q,
    body: (def.body ?? noBody) as B,
    response: (def.response ?? ok) as R,
    status: def.status ?? 200,
  };
}

export type ParamsOf<C extends Call> = z.output<C['params']>;
export type QueryOf<C extends Call> = z.output<C['query']>;
export type BodyOf<C extends Call> = z.output<C['body']>;
export type ResponseOf<C extends Call> = z.input<C['response']>;
export type RequestBodyOf<C extends Call> = z.input<C['body']>;
