// The demo data as the rules see it: the adult-only and age-bracket games, the registration-flagged
// players (rule 12: verify the address before a game may sign them in), the player who must agree
// to the terms, the expired device code; none of the players or codes in production; and a second
// start changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, testApp, testConfig, testDatabase } from '../../test/helpers.ts';
import type { TestApp } from '../../test/helpers.ts';
import { composeOperations } from '../composition.ts';
import { seedDemo } from './demo.ts';
import {
  DEMO_AGE_BRACKETS_GAME_SLUG,
  DEMO_MATURE_CLIENT_ID,
  DEMO_MATURE_GAME_SLUG,
  DEMO_NO_CREDENTIALS_API_KEY,
  DEMO_NO_CREDENTIALS_CLIENT_ID,
  DEMO_NO_CREDENTIALS_GAME_SLUG,
} from './demo-games.ts';
import {
  DEMO_EXPIRED_USER_CODE,
  DEMO_PLAYER_PASSWORD,
  DEMO_PLAYER_PASSWORD_HASH,
  DEMO_PLAYERS,
} from './demo-players.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
  apiCall(t.app, method, `/api${url}`, token, payload);
const signIn = async (email: string) => {
  const answer = await call('POST', '/sessions/auth/password', undefined, { email, password: DEMO_PLAYER_PASSWORD });
  expect(answer.statusCode, email).toBe(200);
  return answer.json().access_token as string;
};
const authorize = (token: string, clientId: string) =>
  call('POST', '/sessions/authorize', token, {
    client_id: clientId,
    redirect_uri: 'http://127.0.0.1/callback',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    response_type: 'code',
    code_method: 'S256',
  });

it('stores the demo password hashed with the current argon2id parameters: a sign-in takes it as it is', async () => {
  const player = DEMO_PLAYERS.find((p) => !p.consented);
  await signIn(player!.email);
  // A hash of other parameters would have been hashed again at this sign-in.
  const [row] = await t.deps.db.query<{ password_hash: string }>(
    `SELECT password_hash FROM accounts WHERE email = $1`,
    [player!.email],
  );
  expect(row?.password_hash).toBe(DEMO_PLAYER_PASSWORD_HASH);
});

describe('the demo games', () => {
  it('has an adult-only game that prefers a password, with a public client', async () => {
    const game = (await call('GET', `/games/${DEMO_MATURE_GAME_SLUG}`)).json();
    expect(game).toMatchObject({ name: 'Ashen Crown', mature_audience: true, flagged_account_oauth_enabled: false });
    expect(game.user_experience).toMatchObject({
      registration_preferred_credentials: 'password',
      registration_age: null,
      success_redirect_timer: 60,
    });
    const verified = await call(
      'GET',
      `/games/verify?entry=${DEMO_MATURE_GAME_SLUG}&client_id=${DEMO_MATURE_CLIENT_ID}&redirect_uri=http://127.0.0.1/callback`,
    );
    expect(verified.statusCode).toBe(200);
  });

  it('has a game that asks for an age bracket, not featured', async () => {
    const game = (await call('GET', `/games/${DEMO_AGE_BRACKETS_GAME_SLUG}`)).json();
    expect(game.user_experience).toMatchObject({
      registration_age: [13, 18],
      registration_preferred_credentials: 'email_code',
    });
    expect((await call('GET', '/settings/public')).json().featured_games).toEqual(['starfall-legends']);
  });

  it('has a console game that registers without credentials, with a fixed display name, its key and client', async () => {
    const game = (await call('GET', `/games/${DEMO_NO_CREDENTIALS_GAME_SLUG}`)).json();
    expect(game).toMatchObject({ name: 'Tide Runners', mature_audience: false });
    expect(game.user_experience).toMatchObject({
      registration_require_credentials: false,
      is_username_editable: false,
      success_redirect: `${t.deps.config.publicUrl}/home`,
      supported_platforms: expect.arrayContaining(['psn']),
    });
    expect(game.user_experience.account_creation_success_message.default).toMatch(/Tide Runners/);
    // The game's own key starts a device sign-in of its client.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/device',
      headers: { 'x-hydra-api-key': DEMO_NO_CREDENTIALS_API_KEY },
      payload: { client_id: DEMO_NO_CREDENTIALS_CLIENT_ID },
    });
    expect(started.statusCode).toBe(200);
  });
});

describe('the demo players', () => {
  it('refuses a registration-flagged player a game until the address is verified (rule 12)', async () => {
    for (const player of DEMO_PLAYERS.filter((p) => p.flagged)) {
      const token = await signIn(player.email);
      const me = (await call('GET', '/accounts/me', token)).json();
      expect(me).toMatchObject({ registration_flagged: true, email_verified: false, tos_consent_required: false });
      const refused = await authorize(token, 'starfall-legends-pc');
      expect(refused.json()).toMatchObject({ code: 'email_verification_required', hydraErrorCode: 1044 });
    }
  });

  it('asks the new-terms player to agree to the terms and privacy policy', async () => {
    const player = DEMO_PLAYERS.find((p) => !p.consented);
    const me = (await call('GET', '/accounts/me', await signIn(player!.email))).json();
    expect(me).toMatchObject({ tos_consent_required: true, privacy_policy_consent_required: true });
  });

  it('lets an adult player into the adult-only game', async () => {
    const player = DEMO_PLAYERS.find((p) => !p.flagged);
    expect((await authorize(await signIn(player!.email), DEMO_MATURE_CLIENT_ID)).statusCode).toBe(200);
  });
});

it('has an expired device code', async () => {
  const looked = await call('GET', `/sessions/device/${DEMO_EXPIRED_USER_CODE}`);
  expect(looked.json()).toMatchObject({ code: 'device_token_expired', hydraErrorCode: 1103 });
});

it("sends the players back to the portal's own address (PUBLIC_URL), also once PUBLIC_URL changed", async () => {
  const redirects = async (db: typeof t.deps.db) => {
    const rows = await db.query<{ slug: string; redirect: string | null }>(
      `SELECT slug, user_experience->>'success_redirect' AS redirect FROM games ORDER BY slug`,
    );
    return Object.fromEntries(rows.map((row) => [row.slug, row.redirect]));
  };
  // The portal of the tests runs at the default address.
  expect(await redirects(t.deps.db)).toMatchObject({
    'starfall-legends': `${t.deps.config.publicUrl}/home`,
    'ashen-crown': `${t.deps.config.publicUrl}/home`,
  });
  const { db, drop } = await testDatabase();
  try {
    await seedDemo(composeOperations(db, testConfig({ PORT: '8214' })));
    expect(await redirects(db)).toEqual({
      'ashen-crown': 'http://localhost:8214/home',
      'pocket-planets': null,
      'starfall-legends': 'http://localhost:8214/home',
      'tide-runners': 'http://localhost:8214/home',
    });
    // The same database started again behind another address.
    await seedDemo(composeOperations(db, testConfig({ PUBLIC_URL: 'https://accounts.example.com/' })));
    expect(await redirects(db)).toEqual({
      'ashen-crown': 'https://accounts.example.com/home',
      'pocket-planets': null,
      'starfall-legends': 'https://accounts.example.com/home',
      'tide-runners': 'https://accounts.example.com/home',
    });
  } finally {
    await drop();
  }
});

it('seeds again without change, and no players or device codes in production', async () => {
  await seedDemo(composeOperations(t.deps.db, t.deps.config));
  const [players] = await t.deps.db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM accounts WHERE email LIKE '%@demo.example.com'`,
  );
  expect(players?.n).toBe(String(DEMO_PLAYERS.length));

  const { db, drop } = await testDatabase();
  try {
    await seedDemo(composeOperations(db, testConfig({ NODE_ENV: 'production' })));
    const [rows] = await db.query<{ accounts: string; devices: string }>(
      `SELECT (SELECT count(*) FROM accounts)::text AS accounts, (SELECT count(*) FROM device_authorizations)::text AS devices`,
    );
    expect(rows).toEqual({ accounts: '0', devices: '0' });
  } finally {
    await drop();
  }
});
