// The API client of the web app (spec 001 §7): every common header, the x-ag-json codec, a 30 s
// timeout, answers parsed with the contract's schemas, and on auth_expired one token refresh and
// one retry. A refresh that fails signs the user out. A refusal of the whole account (banned or on
// hold, issue 30) from any call, the refresh included, signs the player out and shows its notice.
import { parseAgJson, stringifyAgJson } from '@portal/contract/codec';
import type { Call, RequestBodyOf } from '@portal/contract/calls/define';
import { REQUEST_TIMEOUT_MS } from '@portal/contract/data/constants';
import type { z } from 'zod';
import type { Utm } from '../visitor.ts';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { accountRefusal, ApiError } from './api-error.ts';
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
  /**
   * The account is banned or on hold (not one game's ban): sign out locally, keep the notice (null
   * when the answer carried none) and show the restricted page, whatever `ignoreRedirect` says.
   */
  restricted(notice: RestrictionNotice | null): void;
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

  /** The call, refreshed and retried once on auth_expired; a refresh that fails signs out. */
  async function sendOrRefresh<C extends Call>(call: C, input: CallInput<C>, meta: CallMeta): Promise<unknown> {
    try {
      return await send(call, input, meta);
    } catch (error) {
      if (!(error instanceof ApiError) || !error.is('auth_expired') || meta.noRefresh) throw error;
      // A refresh refused because the account is restricted rejects with that refusal.
      if (await refreshOnce()) return send(call, input, meta);
      ctx.logout({ ignoreRedirect: meta.ignoreRedirect ?? false });
      throw error;
    }
  }

  /** Each refusal is handled once (the refresh's own call and the call it was for see the same one). */
  const handled = new WeakSet<ApiError>();

  /** Calls the API; the answer is parsed with the call's response schema. */
  async function callApi<C extends Call>(
    call: C,
    input: CallInput<C> = {},
    meta: CallMeta = {},
  ): Promise<z.output<C['response']>> {
    let raw: unknown;
    try {
      raw = await sendOrRefresh(call, input, meta);
    } catch (error) {
      const refusal = accountRefusal(error);
      if (refusal && !handled.has(error as ApiError)) {
        handled.add(error as ApiError);
        ctx.restricted(refusal.notice);
      }
      throw error;
    }
    return call.response.parse(raw) as z.output<C['response']>;
  }

  return { call: callApi };
}
