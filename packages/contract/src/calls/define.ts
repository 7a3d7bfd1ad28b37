// Every call of spec 001 §7 is declared once, here in the contract, with the schemas of its path
// parameters, query, body and successful answer. The server registers its handlers from these
// declarations and the web client is typed from them; the OpenAPI document is generated from them.
import { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Area =
  'accounts' | 'sessions' | 'betas' | 'friends' | 'social' | 'games' | 'settings' | 'twitch' | 'analytics';
/** public: no access token needed; token: an access token is required; optional: used when sent. */
export type Auth = 'public' | 'token' | 'optional';

export interface Call<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  /** Stable identifier, `area.name`, also the OpenAPI operationId. */
  id: string;
  area: Area;
  method: Method;
  /** Path below the API base, parameters in braces: `/games/{slug}`. */
  path: string;
  auth: Auth;
  summary: string;
  params: P;
  query: Q;
  body: B;
  response: R;
  /** HTTP status of a successful answer. */
  status: number;
  /** Largest accepted request body in bytes, when it differs from the server default. */
  bodyLimit?: number;
  /** The call checks a captcha response header. */
  captcha?: boolean;
}

const noBody = z.undefined({ error: 'This call takes no request body' }).optional();
const empty = z.object({});
export const ok = z.object({}).describe('An empty object: the call succeeded');

export function defineCall<
  P extends z.ZodType = typeof empty,
  Q extends z.ZodType = typeof empty,
  B extends z.ZodType = typeof noBody,
  R extends z.ZodType = typeof ok,
>(def: {
  id: string;
  area: Area;
  method: Method;
  path: string;
  auth: Auth;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  status?: number;
  bodyLimit?: number;
  captcha?: boolean;
}): Call<P, Q, B, R> {
  const names = [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const params = (def.params ?? empty) as P;
  if (params instanceof z.ZodObject) {
    const keys = Object.keys(params.shape).sort().join(',');
    if (keys !== [...names].sort().join(',')) {
      throw new Error(`${def.id}: path parameters {${names.join(',')}} differ from the params schema (${keys})`);
    }
  }
  return {
    ...def,
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
