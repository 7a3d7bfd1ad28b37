// What every /api call does before and after its handler: API key, codec, validation, errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const event = (index: number) => ({
  name: 'page_view',
  body: {
    _session_id: 'session-1',
    _platform_name: 'web',
    _event_time_utc: { _agType: 'datetime', _agValue: '2026-11-22T10:00:00+0000' },
    _dedupe_index: index,
    page: '/home',
  },
});

describe('X-Hydra-API-Key', () => {
  it('refuses an unknown key with 401 and the error object, and runs nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wba/events',
      headers: {
        ...portalHeaders(),
        'x-hydra-api-key': 'not-a-registered-key',
        'content-type': 'application/x-ag-json',
      },
      payload: JSON.stringify({ events: [event(900)] }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ key: 'error.invalid_api_key', hydraErrorCode: 1017, code: 'invalid_api_key' });
    const stored = await t.deps.db.query('SELECT 1 FROM analytics_events WHERE dedupe_index = 900');
    expect(stored).toHaveLength(0);
  });

  it('refuses a missing key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This application is not allowed to use the account service.');
  });

  it('accepts a registered key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: portalHeaders() });
    expect(res.statusCode).toBe(200);
  });
});

describe('request validation', () => {
  const post = (payload: string, contentType = 'application/x-ag-json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/wba/events',
      headers: { ...portalHeaders(), 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with 400 invalid_request and no stack trace', async () => {
    const res = await post('{"events": [');
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ key: 'error.invalid_request', hydraErrorCode: 1013 });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('names the fields with wrong types', async () => {
    const res = await post(JSON.stringify({ events: [{ name: 'page_view', body: { _session_id: 5 } }] }));
    expect(res.statusCode).toBe(400);
    const paths = res.json().body.issues.map((i: { path: string }) => i.path);
    expect(paths).toContain('body.events.0.body._session_id');
    expect(paths).toContain('body.events.0.body._dedupe_index');
  });

  it('refuses a malformed typed value', async () => {
    const bad = event(1);
    bad.body._event_time_utc._agValue = 'last tuesday';
    const res = await post(JSON.stringify({ events: [bad] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().key).toBe('error.invalid_request');
  });

  it('refuses bodies over the limit with 413', async () => {
    const huge = { events: [{ ...event(2), body: { ...event(2).body, page: 'x'.repeat(1500) } }] };
    huge.events = Array.from({ length: 45 }, (_, i) => ({
      ...huge.events[0]!,
      body: { ...huge.events[0]!.body, _dedupe_index: i },
    }));
    const res = await post(JSON.stringify(huge));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ key: 'error.payload_too_large', hydraErrorCode: 1014 });
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await post('events=1', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().key).toBe('error.unsupported_media_type');
  });

  it('accepts plain application/json with ISO datetimes', async () => {
    const plain = { ...event(3), body: { ...event(3).body, _event_time_utc: '2026-11-22T10:00:00Z' } };
    const res = await post(JSON.stringify({ events: [plain] }), 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/x-ag-json/);
  });
});

describe('error language and shape', () => {
  it('answers errors in the Accept-Language of the caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/games/no-such-game',
      headers: portalHeaders({ 'accept-language': 'fr-CA,fr;q=0.9' }),
    });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toMatchObject({
      key: 'error.not_found',
      hydraErrorCode: 1016,
      code: 'not_found',
      body: { slug: 'no-such-game' },
    });
    expect(body.message).not.toBe('We could not find what you were looking for.');
    expect(body.message.length).toBeGreaterThan(5);
  });

  it('answers unknown API paths with a JSON not_found error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/call', headers: portalHeaders() });
    expect(res.statusCode).toBe(404);
    expect(res.json().key).toBe('error.not_found');
  });

  it('answers a server fault with error.generic and a request id, hiding the cause', async () => {
    const broken = await testApp();
    // A call that reads the database at every request (the public settings are kept a few seconds).
    const url = '/api/accounts/username/check?username=FreshPlayer42';
    await broken.app.inject({ method: 'GET', url, headers: portalHeaders() });
    await broken.deps.db.close();
    const res = await broken.app.inject({ method: 'GET', url, headers: portalHeaders() });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ key: 'error.generic', message: 'Something went wrong. Please try again.' });
    expect(body.body.request_id).toBe(res.headers['x-request-id']);
    expect(res.body).not.toMatch(/closed|pglite|stack/i);
    await broken.app.close();
  });
});
