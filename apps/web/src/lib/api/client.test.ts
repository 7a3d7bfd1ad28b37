import { register } from '@portal/contract/calls/accounts';
import { defineCall } from '@portal/contract/calls/define';
import { signInWithPassword } from '@portal/contract/calls/sessions';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { accountRefusal, ApiError, gameRestriction, restrictionNoticeOf } from './api-error.ts';
import { createApiClient } from './client.ts';
import type { ClientContext } from './client.ts';
import { buildHeaders, buildUrl } from './headers.ts';

const getThing = defineCall({
  id: 'test.get',
  area: 'accounts',
  method: 'GET',
  path: '/things/{id}',
  auth: 'token',
  summary: 'test',
  params: z.object({ id: z.string() }),
  response: z.object({ name: z.string() }),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/x-ag-json' } });
const expired = () =>
  json(401, { message: 'expired', key: 'error.auth_expired', body: null, hydraErrorCode: 1019, code: 'auth_expired' });

function context(fetcher: typeof fetch, overrides: Partial<ClientContext> = {}): ClientContext {
  let token = 'at_old';
  return {
    baseUrl: () => '/api',
    apiKey: () => 'key',
    locale: () => 'fr-FR',
    visitorId: () => 'visitor-1',
    utm: () => ({ source: 'news', medium: null, campaign: null }),
    gameReferrer: () => null,
    accessToken: () => token,
    refresh: async () => {
      token = 'at_new';
      return true;
    },
    logout: vi.fn(),
    restricted: vi.fn(),
    fetch: fetcher,
    ...overrides,
  };
}

describe('headers', () => {
  it('sends every common header and leaves null ones out', () => {
    const headers = buildHeaders({
      apiKey: 'k',
      locale: 'ar-AE',
      visitorId: 'v',
      utm: { source: 's', medium: null, campaign: 'c' },
      gameReferrer: null,
      accessToken: null,
      hasBody: true,
    });
    expect(headers).toEqual({
      'Content-Type': 'application/x-ag-json',
      Accept: 'application/x-ag-json',
      'X-Hydra-API-Key': 'k',
      'Accept-Language': 'ar-AE',
      'X-Hydra-Visitor-id': 'v',
      'X-Hydra-Utm-Source': 's',
      'X-Hydra-Utm-Campaign': 'c',
    });
  });

  it('builds URLs with encoded parameters, repeated lists and expand_localizations=True', () => {
    expect(buildUrl('/api', '/games/{slug}', { slug: 'a b' }, { options: ['account', 'refresh_token'] })).toBe(
      '/api/games/a%20b?expand_localizations=True&options=account&options=refresh_token',
    );
  });
});

const NOTICE = {
  kind: 'ban',
  reason: 'cheating',
  note: null,
  starts_at: '2026-03-01T10:00:00.000Z',
  ends_at: '2026-03-09T14:04:00.000Z',
  game: null,
} as const;
const banned = (restriction: unknown) =>
  json(403, {
    message: 'banned',
    key: 'error.account_banned',
    hydraErrorCode: 1030,
    code: 'account_banned',
    body: { restriction },
  });

describe('restricted accounts (issue 30)', () => {
  it('hands a refusal of the whole account and its notice to the app, once, and fails the call with it', async () => {
    const restricted = vi.fn();
    const logout = vi.fn();
    const client = createApiClient(
      context(vi.fn(async () => banned(NOTICE)) as unknown as typeof fetch, { restricted, logout }),
    );
    const error = (await client.call(getThing, { params: { id: '1' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.is('account_banned')).toBe(true);
    expect(restricted).toHaveBeenCalledTimes(1);
    expect(restricted).toHaveBeenCalledWith(NOTICE);
    expect(logout).not.toHaveBeenCalled();
  });

  it('leaves a ban of one game to the screen that asked', async () => {
    const restricted = vi.fn();
    const logout = vi.fn();
    const fetcher = vi.fn(async () => banned({ ...NOTICE, game: 'starfall-legends' }));
    const client = createApiClient(context(fetcher as unknown as typeof fetch, { restricted, logout }));
    const error = await client.call(getThing, { params: { id: '1' } }).catch((e: unknown) => e);
    expect(gameRestriction(error)).toEqual({ ...NOTICE, game: 'starfall-legends' });
    expect(accountRefusal(error)).toBeNull();
    expect(restricted).not.toHaveBeenCalled();
    expect(logout).not.toHaveBeenCalled();
  });

  it('catches the refusal of the call retried after a refresh', async () => {
    const restricted = vi.fn();
    const fetcher = vi.fn().mockResolvedValueOnce(expired()).mockResolvedValueOnce(banned(NOTICE));
    const client = createApiClient(context(fetcher, { restricted }));
    await expect(client.call(getThing, { params: { id: '1' } })).rejects.toBeInstanceOf(ApiError);
    expect(restricted).toHaveBeenCalledWith(NOTICE);
  });

  it('reads a notice whose moments came as dates, and none from a body that has no valid one', () => {
    const refusal = (body: Record<string, unknown> | null, code = 'account_banned') =>
      new ApiError(403, { message: 'x', key: `error.${code}`, body, hydraErrorCode: null, code });
    const withDates = { ...NOTICE, starts_at: new Date(NOTICE.starts_at), ends_at: new Date(NOTICE.ends_at) };
    expect(restrictionNoticeOf(refusal({ restriction: withDates }))).toEqual(NOTICE);
    expect(restrictionNoticeOf(refusal({ restriction: { ...NOTICE, ends_at: 'soon' } }))).toBeNull();
    expect(restrictionNoticeOf(refusal({ restriction: { ...NOTICE, kind: 'exile' } }))).toBeNull();
    expect(restrictionNoticeOf(refusal(null))).toBeNull();
    // Without a notice, a ban or hold is still a refusal of the whole account (the page says so generically).
    expect(accountRefusal(refusal(null))).toEqual({ notice: null });
    expect(accountRefusal(refusal(null, 'account_blocked'))).toEqual({ notice: null });
    expect(accountRefusal(refusal(null, 'auth_expired'))).toBeNull();
    expect(accountRefusal(new Error('x'))).toBeNull();
  });
});

describe('API client', () => {
  it('parses the answer with the call schema', async () => {
    const fetcher = vi.fn(async () => json(200, { name: 'x', extra: 1 }));
    const client = createApiClient(context(fetcher as unknown as typeof fetch));
    expect(await client.call(getThing, { params: { id: '7' } })).toEqual({ name: 'x' });
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things/7?expand_localizations=True');
    expect((init.headers as Record<string, string>)['X-Hydra-Access-Token']).toBe('at_old');
  });

  it('refreshes once and retries once on auth_expired', async () => {
    const fetcher = vi
      .fn()
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json(200, { name: 'ok' }));
    const client = createApiClient(context(fetcher));
    expect(await client.call(getThing, { params: { id: '1' } })).toEqual({ name: 'ok' });
    expect(fetcher).toHaveBeenCalledTimes(2);
    const retried = fetcher.mock.calls[1] as unknown as [string, RequestInit];
    expect((retried[1].headers as Record<string, string>)['X-Hydra-Access-Token']).toBe('at_new');
  });

  it('does not retry a second time when the retry also fails', async () => {
    const fetcher = vi.fn(async () => expired());
    const client = createApiClient(context(fetcher as unknown as typeof fetch));
    await expect(client.call(getThing, { params: { id: '1' } })).rejects.toBeInstanceOf(ApiError);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('shares one refresh between concurrent failures', async () => {
    const refresh = vi.fn(async () => true);
    let calls = 0;
    const fetcher = vi.fn(async () => (calls++ < 2 ? expired() : json(200, { name: 'ok' })));
    const client = createApiClient(context(fetcher as unknown as typeof fetch, { refresh }));
    await Promise.all([client.call(getThing, { params: { id: '1' } }), client.call(getThing, { params: { id: '2' } })]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh fails, honouring ignoreRedirect', async () => {
    const logout = vi.fn();
    const fetcher = vi.fn(async () => expired());
    const client = createApiClient(context(fetcher as unknown as typeof fetch, { refresh: async () => false, logout }));
    await expect(client.call(getThing, { params: { id: '1' } }, { ignoreRedirect: true })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(logout).toHaveBeenCalledWith({ ignoreRedirect: true });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('turns a timeout into a network ApiError', async () => {
    const fetcher = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    );
    const client = createApiClient({ ...context(fetcher as unknown as typeof fetch), timeoutMs: 20 });
    const error = (await client.call(getThing, { params: { id: '1' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.wire.body).toEqual({ reason: 'timeout' });
    expect(error.messageKey(false)).toBe('error.generic');
  });

  it('sends X-Captcha-Response only on the calls whose declaration asks for a captcha', async () => {
    const fetcher = vi.fn(async () => json(400, { message: 'x', key: 'error.generic', body: null }));
    const client = createApiClient(context(fetcher as unknown as typeof fetch));
    const sent = (index: number) =>
      ((fetcher.mock.calls[index] as unknown as [string, RequestInit])[1].headers as Record<string, string>)[
        'X-Captcha-Response'
      ];
    const meta = { captchaResponse: 'widget-token' };
    await client.call(signInWithPassword, {}, meta).catch(() => undefined);
    await client.call(register, {}, meta).catch(() => undefined);
    await client.call(getThing, { params: { id: '1' } }, meta).catch(() => undefined);
    await client.call(signInWithPassword).catch(() => undefined);
    expect([sent(0), sent(1), sent(2), sent(3)]).toEqual(['widget-token', 'widget-token', undefined, undefined]);
    expect([signInWithPassword.captcha, register.captcha]).toEqual([true, true]);
  });

  it('maps server errors to their message keys', async () => {
    const fetcher = vi.fn(async () =>
      json(409, {
        message: 'taken',
        key: 'error.username_not_available',
        body: null,
        hydraErrorCode: 1000,
        code: 'username_not_available',
      }),
    );
    const client = createApiClient(context(fetcher as unknown as typeof fetch));
    const error = (await client.call(getThing, { params: { id: '1' } }).catch((e: unknown) => e)) as ApiError;
    expect(error.messageKey(false)).toBe('error.username_not_available');
  });
});
