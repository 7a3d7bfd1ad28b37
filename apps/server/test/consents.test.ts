// Versioned terms and privacy policy: a new version asks for consent again; consent is recorded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS_TTL_MS } from '../src/modules/accounts/consents-service.ts';
import { portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let accountId: string;
beforeAll(async () => {
  t = await testApp({}, { seed: false });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts?options=account&options=refresh_token',
    headers: portalHeaders({ 'content-type': 'application/json', accept: 'application/json' }),
    payload: {
      email: 'consent@example.com',
      password: 'Tq8#vLp2-Consent',
      username: 'Consenter',
      country: 'US',
      date_of_birth: '1990-01-01',
      marketing_opt_in: true,
      tos_consent: true,
    },
  });
  token = res.json().access_token;
  accountId = res.json().account.id;
});
afterAll(() => t.close());

const me = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/accounts/me',
      headers: portalHeaders({ accept: 'application/json', 'x-hydra-access-token': token }),
    })
  ).json();

describe('consents', () => {
  it('are given at registration for the current versions', async () => {
    expect(await me()).toMatchObject({
      tos_consent_required: false,
      privacy_policy_consent_required: false,
      marketing_opt_in: true,
    });
  });

  it('are asked again when a new version is published, and recorded with version and time', async () => {
    expect(await t.deps.consents.publish('tos')).toBe(2);
    expect(await me()).toMatchObject({ tos_consent_required: true, privacy_policy_consent_required: false });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/tos/consent',
      headers: portalHeaders({
        accept: 'application/json',
        'content-type': 'application/json',
        'x-hydra-access-token': token,
      }),
      payload: { consented: true },
    });
    expect(res.json()).toMatchObject({ tos_consent_required: false });
    const rows = await t.deps.db.query<{ version: number; consented_at: Date }>(
      `SELECT version, consented_at FROM consents WHERE account_id = $1 AND type = 'tos' ORDER BY version`,
      [accountId],
    );
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    expect(rows[1]?.consented_at).toBeTruthy();
  });

  it('see a version published by another instance once the cached versions expire', async () => {
    await t.deps.db.query(`INSERT INTO legal_documents (type, version) VALUES ('privacy_policy', 2)`);
    const later = Date.now() + LEGAL_DOCUMENTS_TTL_MS + 1;
    expect(await t.deps.consents.current(later)).toEqual({ tos: 2, privacy_policy: 2 });
    expect(await me()).toMatchObject({ privacy_policy_consent_required: true });
  });

  it('take effect at the publication date of a version published for later', async () => {
    await t.deps.db.query(
      `INSERT INTO legal_documents (type, version, published_at) VALUES ('tos', 3, now() + interval '1 hour')`,
    );
    const reload = Date.now() + 2 * LEGAL_DOCUMENTS_TTL_MS;
    expect(await t.deps.consents.current(reload)).toMatchObject({ tos: 2 });
    expect(await t.deps.consents.current(reload + 3_600_000)).toMatchObject({ tos: 3 });
  });

  it('refuse a consent that is not given', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/me/privacy_policy/consent',
      headers: portalHeaders({ 'content-type': 'application/json', 'x-hydra-access-token': token }),
      payload: { consented: false },
    });
    expect(res.statusCode).toBe(400);
  });
});
