// The API client of the web app (spec 001 §7): every common header, the x-ag-json codec, a 30 s
// timeout, answers parsed with the contract's schemas, and on auth_expired one token refresh and
// one retry. A refresh that fails signs the user out.
import { parseAgJson, stringifyAgJson } from '@portal/contract/codec';
import type { Call, RequestBodyOf } from '@portal/contract/calls/define';
import { REQUEST_TIMEOUT_MS } from '@portal/contract/data/constants';
import type { z } from 'zod';
import type { Utm } from '../visitor.ts';
import { ApiError, FORCE_LOGOUT_ERRORS } from './api-error.ts';
import { buildHeaders, buildUrl } from './headers.ts';

export interface CallInput<C extends Call> {
  params?: z.input<C['params']>;
  query?: z.input<C['query']>;
  body?: RequestBodyOf<C>;
}

export interface CallMeta {
  /** On a forced sign-out, stay on the page (spec 001 §4 "ignore-redirect"). */
  ignoreRedirect?: boolean;
  /** Do not refresh and retry on auth_expired (the refresh call itself). */
  noRefresh?: boolean;
  signal?: AbortSignal;
  /** The captcha widget's token: sent as X-Captcha-Response on the calls that declare `captcha: true`. */
  captchaResponse?: string | null;
}

export interface ClientContext {
  baseUrl(): string;
  apiKey(): string;
  locale(): string;
  visitorId(): string;
  utm(): Utm;
  gameReferrer(): string | null;
  accessToken(): string | null;
  /** Gets new tokens with the refresh token; false when that is not possible. */
  refresh(): Promise<boolean>;
  logout(options: { ignoreRedirect: boolean }): void;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(ctx: ClientContext) {
  let refreshing: Promise<boolean> | null = null;
  const refreshOnce = () => {
    refreshing ??= ctx.refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  async function send<C extends Call>(call: C, input: CallInput<C>, meta: CallMeta): Promise<unknown> {
    const hasBody = input.body !== undefined;
    const url = buildUrl(
      ctx.baseUrl(),
      call.path,
      (input.params ?? {}) as Record<string, unknown>,
      (input.query ?? {}) as Record<string, unknown>,
    );
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort('timeout'), ctx.timeoutMs ?? REQUEST_TIMEOUT_MS);
    meta.signal?.addEventListener('abort', () => controller.abort(meta.signal?.reason));
    let response: Response;
    try {
      response = await (ctx.fetch ?? fetch)(url, {
        method: call.method,
        headers: buildHeaders({
          apiKey: ctx.apiKey(),
          locale: ctx.locale(),
          visitorId: ctx.visitorId(),
          utm: ctx.utm(),
          gameReferrer: ctx.gameReferrer(),
          accessToken: ctx.accessToken(),
          captchaResponse: call.captcha ? (meta.captchaResponse ?? null) : null,
          hasBody,
        }),
        ...(hasBody ? { body: stringifyAgJson(input.body) } : {}),
        signal: controller.signal,
      });
    } catch {
      throw ApiError.network(controller.signal.reason === 'timeout' ? 'timeout' : 'offline');
    } finally {
      clearTimeout(timer);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : parseAgJson(text);
    } catch {
      body = undefined;
    }
    if (!response.ok) throw ApiError.fromBody(response.status, body);
    return body;
  }

  /** Calls the API; the answer is parsed with the call's response schema. */
  async function callApi<C extends Call>(
    call: C,
    input: CallInput<C> = {},
    meta: CallMeta = {},
  ): Promise<z.output<C['response']>> {
    let raw: unknown;
    try {
      raw = await send(call, input, meta);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.is('auth_expired') && !meta.noRefresh) {
        if (await refreshOnce()) {
          raw = await send(call, input, meta);
        } else {
          ctx.logout({ ignoreRedirect: meta.ignoreRedirect ?? false });
          throw error;
        }
      } else {
        if (FORCE_LOGOUT_ERRORS.some((name) => error.is(name)))
          ctx.logout({ ignoreRedirect: meta.ignoreRedirect ?? false });
        throw error;
      }
    }
    return call.response.parse(raw) as z.output<C['response']>;
  }

  return { call: callApi };
}
