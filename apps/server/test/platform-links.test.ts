// Linking platform identities and signing in with them, against real OpenID Providers on 127.0.0.1
// playing the platforms (the sandbox): code exchange with PKCE, nonce, state and iss, identities
// claimed by another account, pending then confirm or cancel, restricted platforms, the relink
// cooldown, the last way to sign in, and pre-account hijacking.
import { randomUUID } from 'node:crypto';
import type { PlatformId } from '@portal/contract/data/platforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xboxLiveIdentity } from '../src/platforms/xbox-live.ts';
import { apiCall, insertAccount, portalHeaders, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';
import { authorizeAt, linkPayloadOf, shortCodeAt, startPlatformSandbox, steamAssertion } from './platform-sandbox.ts';
import type { PlatformSandbox } from './platform-sandbox.ts';

let t: TestApp;
let sandbox: PlatformSandbox;

beforeAll(async () => {
  t = await testApp({ SIGN_IN_PER_MINUTE: '1000' }, { seed: false });
  sandbox = await startPlatformSandbox(t.deps.config.publicUrl);
  for (const platform of [
    'psn',
    'twitch',
    'discord',
    'epic_games',
    'steam',
    'wizarding_world',
    'xbox',
    'max',
  ] as const) {
    await t.deps.platforms.put({
      ...sandbox.config(platform),
      relink_cooldown_days: platform === 'epic_games' ? 0 : 30,
    });
  }
});
afterAll(async () => {
  await t?.close();
  await sandbox?.close();
});

/** A new player, signed in: the access token and the account id. */
async function player(fields: { email?: string | null; verified?: boolean; password?: boolean; locale?: string } = {}) {
  const id = await insertAccount(t.deps.db, {
    ...(fields.email !== undefined && fields.email !== null ? { email: fields.email } : {}),
    passwordHash: fields.password === false ? null : 'not-a-real-hash',
  });
  if (fields.email === null) await t.deps.db.query('UPDATE accounts SET email = NULL WHERE id = $1', [id]);
  if (fields.verified === false)
    await t.deps.db.query('UPDATE accounts SET email_verified = false WHERE id = $1', [id]);
  if (fields.locale) await t.deps.db.query('UPDATE accounts SET locale = $2 WHERE id = $1', [id, fields.locale]);
  const { accessToken } = await t.deps.tokens.start({ accountId: id });
  return { id, token: accessToken };
}

const uniqueName = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** The mails sent to an address, newest first (the development outbox). */
const mails = async (to: string): Promise<Array<{ template: string; subject: string; text: string }>> =>
  (await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${encodeURIComponent(to)}` })).json();

async function link(token: string, platform: PlatformId, username: string, query = '', transform = (p: object) => p) {
  const authorized = await authorizeAt(sandbox, platform, username);
  return apiCall(
    t.app,
    'PUT',
    `/api/accounts/me/link/${platform}${query}`,
    token,
    transform(linkPayloadOf(authorized)),
  );
}

describe('linking a platform', () => {
  it('exchanges the code with the platform and shows the link on the account', async () => {
    const { token } = await player();
    const name = uniqueName('Kratos');
    const res = await link(token, 'psn', name);
    expect(res.statusCode).toBe(200);
    const psn = res.json().links.psn;
    expect(psn).toMatchObject({ last_seen_username: name, pending: null, refresh_required: false, locked_until: null });
    expect(psn.auth_id).toMatch(/^psn-[0-9a-f]{24}$/);
    // The account read afterwards shows it too (every instance: the row changed).
    const me = await apiCall(t.app, 'GET', '/api/accounts/me', token);
    expect(me.json().links.psn.auth_id).toBe(psn.auth_id);
  });

  it('links a plain OAuth 2.0 platform through its profile call', async () => {
    const { token } = await player();
    const name = uniqueName('Wumpus');
    const authorized = await authorizeAt(sandbox, 'discord', name, { scope: 'identify', nonce: null });
    const res = await apiCall(t.app, 'PUT', '/api/accounts/me/link/discord', token, linkPayloadOf(authorized, false));
    expect(res.statusCode).toBe(200);
    expect(res.json().links.discord).toMatchObject({ last_seen_username: name });
  });

  it("links Xbox by the Microsoft account's code, then Xbox Live's user and XSTS tokens (XUID and gamertag)", async () => {
    const { token } = await player();
    const name = uniqueName('MasterChief');
    const authorized = await authorizeAt(sandbox, 'xbox', name, { scope: 'xboxlive.signin', nonce: null });
    const res = await apiCall(t.app, 'PUT', '/api/accounts/me/link/xbox', token, linkPayloadOf(authorized, false));
    expect(res.statusCode).toBe(200);
    expect(res.json().links.xbox).toMatchObject({ last_seen_username: name });
    expect(res.json().links.xbox.auth_id).toMatch(/^2535\d{12}$/);
    // An access token Xbox Live does not know is refused at its first step.
    await expect(
      xboxLiveIdentity('not-a-token', {
        user: `${sandbox.origin}/dev/platforms/xbox/xbox-live/user/authenticate`,
        xsts: `${sandbox.origin}/dev/platforms/xbox/xbox-live/xsts/authorize`,
      }),
    ).rejects.toMatchObject({ kind: 'refused' });
  });

  // The state is the web app's to check (it made it and reads it back in the popup); the server
  // cannot know it, and passes it on only to rebuild the platform's answer (ADR 020).
  it('refuses a wrong nonce, a wrong PKCE verifier, a foreign iss and a replayed code', async () => {
    const { token } = await player();
    const authorized = await authorizeAt(sandbox, 'twitch', uniqueName('streamer'));
    const call = (payload: object) => apiCall(t.app, 'PUT', '/api/accounts/me/link/twitch', token, payload);
    const good = linkPayloadOf(authorized);
    expect((await call({ ...good, nonce: 'not-the-nonce' })).json()).toMatchObject({ code: 'account_link_failed' });
    // The code was spent by that try: a new one for each case.
    const second = linkPayloadOf(await authorizeAt(sandbox, 'twitch', uniqueName('streamer')));
    const verifier = 'x'.repeat(43);
    expect((await call({ ...second, code_verifier: verifier })).json()).toMatchObject({ code: 'account_link_failed' });
    const third = linkPayloadOf(await authorizeAt(sandbox, 'twitch', uniqueName('streamer')));
    const foreign = `${sandbox.origin}/dev/platforms/psn`;
    expect((await call({ ...third, iss: foreign })).json()).toMatchObject({ code: 'account_link_failed' });
    const fourth = linkPayloadOf(await authorizeAt(sandbox, 'twitch', uniqueName('streamer')));
    expect((await call(fourth)).statusCode).toBe(200);
    expect((await call(fourth)).json()).toMatchObject({ code: 'account_link_failed' });
  });

  it("refuses a code of another platform's sandbox (mix-up)", async () => {
    const { token } = await player();
    const psnCode = await authorizeAt(sandbox, 'psn', uniqueName('mixup'));
    const res = await apiCall(t.app, 'PUT', '/api/accounts/me/link/twitch', token, linkPayloadOf(psnCode));
    expect(res.json()).toMatchObject({ code: 'account_link_failed' });
  });

  it('refuses an identity already linked to another account', async () => {
    const first = await player();
    const second = await player();
    const name = uniqueName('Taken');
    expect((await link(first.token, 'twitch', name)).statusCode).toBe(200);
    const res = await link(second.token, 'twitch', name);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'platform_link_already_claimed' });
  });

  it('asks for confirmation before another identity replaces the linked one, then confirms or cancels', async () => {
    const { token } = await player();
    await link(token, 'twitch', uniqueName('old'));
    const newName = uniqueName('new');
    expect((await link(token, 'twitch', newName)).json()).toMatchObject({ code: 'platform_link_already_exists' });
    const pending = (await link(token, 'twitch', newName, '?needs_confirmation=True')).json().links.twitch.pending;
    expect(pending).toMatchObject({ last_seen_username: newName });
    // Cancel drops it; asking again and confirming replaces the link, locked for the cooldown.
    expect(
      (await apiCall(t.app, 'PUT', '/api/accounts/me/cancel/twitch', token)).json().links.twitch.pending,
    ).toBeNull();
    const again = (await link(token, 'twitch', newName, '?needs_confirmation=True')).json().links.twitch.pending;
    const wrong = await apiCall(t.app, 'PUT', '/api/accounts/me/confirm/twitch', token, { auth_id: 'someone-else' });
    expect(wrong.json()).toMatchObject({ code: 'link_invalid' });
    const confirmed = await apiCall(t.app, 'PUT', '/api/accounts/me/confirm/twitch', token, { auth_id: again.auth_id });
    const twitch = confirmed.json().links.twitch;
    expect(twitch).toMatchObject({ auth_id: again.auth_id, last_seen_username: newName, pending: null });
    const days = (Date.parse(twitch.locked_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    // Locked: it can be neither replaced nor disconnected before then, and the answer says until when.
    const unlink = await apiCall(t.app, 'PUT', '/api/accounts/me/unlink/twitch', token);
    expect(unlink.statusCode).toBe(409);
    expect(unlink.json()).toMatchObject({
      code: 'platform_link_locked',
      body: { date: twitch.locked_until.slice(0, 10) },
    });
  });

  it('renews the same identity on refresh and clears refresh_required', async () => {
    const { id, token } = await player();
    const name = uniqueName('Refresh');
    await link(token, 'twitch', name);
    await t.deps.db.query(`UPDATE platform_links SET refresh_required = true WHERE account_id = $1`, [id]);
    expect((await apiCall(t.app, 'GET', '/api/accounts/me', token)).json().links.twitch.refresh_required).toBe(true);
    const res = await link(token, 'twitch', name, '?refresh=True');
    expect(res.json().links.twitch.refresh_required).toBe(false);
    // A refresh with another identity is refused.
    expect((await link(token, 'twitch', uniqueName('other'), '?refresh=True')).json()).toMatchObject({
      code: 'link_invalid',
    });
  });

  it('never replaces the identity of a restricted platform, nor disconnects it', async () => {
    const { token } = await player();
    await link(token, 'psn', uniqueName('console'));
    const other = await link(token, 'psn', uniqueName('console'), '?needs_confirmation=True');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'unlink_restricted' });
    expect((await apiCall(t.app, 'PUT', '/api/accounts/me/unlink/psn', token)).json()).toMatchObject({
      code: 'unlink_restricted',
    });
  });

  it('disconnects a platform, and locks it for the cooldown once connected again', async () => {
    const { token } = await player();
    await link(token, 'twitch', uniqueName('first'));
    const unlinked = await apiCall(t.app, 'PUT', '/api/accounts/me/unlink/twitch', token);
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json().links.twitch).toBeUndefined();
    const relinked = (await link(token, 'twitch', uniqueName('second'))).json().links.twitch;
    expect(Date.parse(relinked.locked_until)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    // A platform without a cooldown is never locked.
    await link(token, 'epic_games', uniqueName('epic'));
    await apiCall(t.app, 'PUT', '/api/accounts/me/unlink/epic_games', token);
    expect((await link(token, 'epic_games', uniqueName('epic'))).json().links.epic_games.locked_until).toBeNull();
  });

  it('never leaves an account without a way to sign in', async () => {
    const { token } = await player({ email: null, password: false });
    await link(token, 'twitch', uniqueName('only'));
    const res = await apiCall(t.app, 'PUT', '/api/accounts/me/unlink/twitch', token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'unlink_last_sign_in' });
  });

  it('links nothing to an account whose email is not verified (pre-account hijacking)', async () => {
    const { token } = await player({ verified: false });
    const res = await link(token, 'twitch', uniqueName('attacker'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'email_verification_required' });
  });

  it('refuses a platform that is not configured', async () => {
    const { token } = await player();
    const res = await apiCall(t.app, 'PUT', '/api/accounts/me/link/google', token, { auth_code: 'c', nonce: 'n' });
    expect(res.json()).toMatchObject({ code: 'platform_not_supported' });
  });
});

describe('the popup start (GET /platforms/{platform}/authorize)', () => {
  const start = (platform: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/platforms/${platform}/authorize?${query}` });

  it("sends the popup to the platform with its client, scopes and this site's redirect URI", async () => {
    const { token } = await player();
    const name = uniqueName('Popup');
    const authorized = await authorizeAt(sandbox, 'psn', name, {
      start: async ({ state, nonce, codeChallenge }) => {
        const res = await start('psn', `state=${state}&nonce=${nonce}&code_challenge=${codeChallenge}`);
        expect(res.statusCode).toBe(303);
        const location = new URL(res.headers.location as string);
        expect(`${location.origin}${location.pathname}`).toBe(`${sandbox.origin}/dev/platforms/psn/auth`);
        expect(Object.fromEntries(location.searchParams)).toMatchObject({
          client_id: sandbox.client.clientId,
          redirect_uri: sandbox.client.redirectUri,
          response_type: 'code',
          state,
          nonce,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        });
        expect(location.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'psn:s2s']));
        return location.toString();
      },
    });
    const res = await apiCall(t.app, 'PUT', '/api/accounts/me/link/psn', token, linkPayloadOf(authorized));
    expect(res.json().links.psn.last_seen_username).toBe(name);
  });

  it('asks the platform to ask who signs in, to use another account of it', async () => {
    const res = await start('twitch', `state=${'p'.repeat(20)}&prompt=login`);
    expect(new URL(res.headers.location as string).searchParams.get('prompt')).toBe('login');
    const refused = await start('twitch', `state=${'p'.repeat(20)}&prompt=none`);
    expect(new URL(refused.headers.location as string).searchParams.get('error')).toBe('invalid_request');
  });

  it('sends Steam to its OpenID 2.0 sign-in, coming back to this site', async () => {
    const res = await start('steam', `state=${'s'.repeat(20)}`);
    const location = new URL(res.headers.location as string);
    expect(location.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(location.searchParams.get('openid.return_to')).toBe(sandbox.client.redirectUri);
  });

  it('sends the popup back with an error for a platform not offered or a bad request', async () => {
    const state = 'a'.repeat(20);
    const back = async (platform: string, query: string) =>
      Object.fromEntries(new URL((await start(platform, query)).headers.location as string).searchParams);
    expect(await back('google', `state=${state}`)).toEqual({ error: 'platform_not_supported', state });
    expect(await back('myspace', `state=${state}`)).toEqual({ error: 'invalid_request', state });
    expect(await back('psn', 'state=short')).toEqual({ error: 'invalid_request' });
  });
});

describe("the platform's sign-out page (GET /platforms/{platform}/sign-out)", () => {
  it('is offered for a platform configured so, and sends the player to its RP-initiated logout', async () => {
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/settings/public', headers: portalHeaders() })
    ).json();
    expect(settings.platforms.psn).toMatchObject({ global_support_enabled: true, sign_out_after_link: true });
    expect(settings.platforms.twitch).toMatchObject({ global_support_enabled: true, sign_out_after_link: false });
    const res = await t.app.inject({ method: 'GET', url: '/platforms/psn/sign-out' });
    expect(res.statusCode).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    const location = new URL(res.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${sandbox.origin}/dev/platforms/psn/session/end`);
    expect(location.searchParams.get('client_id')).toBe(sandbox.client.clientId);
    // The platform's own page ends its session (with no session to end, it goes straight on).
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="${sandbox.origin}/dev/platforms/psn/session/end/confirm"`);
  });

  it('answers platform_not_supported for a platform without it, unknown or not offered', async () => {
    for (const platform of ['twitch', 'google', 'myspace']) {
      const res = await t.app.inject({ method: 'GET', url: `/platforms/${platform}/sign-out` });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('platform_not_supported');
    }
  });
});

describe('signing in with a platform', () => {
  it('signs in the account the identity is linked to, and refuses an unknown identity', async () => {
    const { id, token } = await player();
    const name = uniqueName('Signer');
    await link(token, 'twitch', name);
    const authorized = await authorizeAt(sandbox, 'twitch', name);
    const res = await apiCall(t.app, 'POST', '/api/sessions/auth/twitch', undefined, linkPayloadOf(authorized));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mfa_required: false, account: { id } });
    const me = await apiCall(t.app, 'GET', '/api/accounts/me', res.json().access_token);
    expect(me.json().id).toBe(id);

    const stranger = await authorizeAt(sandbox, 'twitch', uniqueName('Stranger'));
    const unknown = await apiCall(t.app, 'POST', '/api/sessions/auth/twitch', undefined, linkPayloadOf(stranger));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown_identity' });
  });
});

describe('signing in with a platform when two-factor is on', () => {
  it('leaves the session pending two-factor, as a password sign-in does', async () => {
    const { id, token } = await player();
    const name = uniqueName('Guarded');
    await link(token, 'twitch', name);
    await t.deps.db.query(`UPDATE accounts SET mfa_secret = 'v1.sealed.secret.x' WHERE id = $1`, [id]);
    const res = await apiCall(t.app, 'POST', '/api/sessions/auth/twitch', undefined, {
      ...linkPayloadOf(await authorizeAt(sandbox, 'twitch', name)),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mfa_required: true });
    // The pending session reads nothing until the second factor.
    const me = await apiCall(t.app, 'GET', '/api/accounts/me', res.json().access_token);
    expect(me.json()).toMatchObject({ code: 'unauthorized', body: { mfa_required: true } });
  });
});

describe('short codes (Wizarding World)', () => {
  const linkCode = (token: string, code: string) =>
    apiCall(t.app, 'PUT', '/api/accounts/me/link/wizarding_world', token, { short_code: code });

  it('links the identity a code the platform showed stands for, once', async () => {
    const { token } = await player();
    const name = uniqueName('Hedwig');
    const code = await shortCodeAt(sandbox, 'wizarding_world', name);
    const res = await linkCode(token, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().links.wizarding_world).toMatchObject({ last_seen_username: name });
    // A code is used once.
    const other = await player();
    expect((await linkCode(other.token, code)).json()).toMatchObject({ code: 'account_link_failed' });
  });

  it('refuses a code the platform never gave', async () => {
    const { token } = await player();
    expect((await linkCode(token, 'WW-NOTACODE')).json()).toMatchObject({ code: 'account_link_failed' });
  });

  it('sends the popup to the page where the platform shows a code', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/platforms/wizarding_world/authorize?state=${'w'.repeat(20)}`,
    });
    expect(res.headers.location).toBe(`${sandbox.origin}/dev/platforms/wizarding_world/short-code`);
  });
});

describe('Steam (OpenID 2.0)', () => {
  const linkSteam = (token: string, accessToken: string) =>
    apiCall(t.app, 'PUT', '/api/accounts/me/link/steam', token, { access_token: accessToken });
  /** The assertion with some fields changed, as a forger would send it. */
  const altered = (assertion: string, changes: Record<string, string>) => {
    const fields = new URLSearchParams(assertion);
    for (const [name, value] of Object.entries(changes)) fields.set(`openid.${name}`, value);
    return fields.toString();
  };

  it('links the SteamID64 that Steam confirms, with the persona name its Web API gives', async () => {
    const { token } = await player();
    const name = uniqueName('gaben');
    const res = await linkSteam(token, await steamAssertion(sandbox, name));
    expect(res.statusCode).toBe(200);
    expect(res.json().links.steam.auth_id).toMatch(/^7656119\d{10}$/);
    // OpenID 2.0 carries no name: the Web API's player summary does (as on PlayStation's card).
    expect(res.json().links.steam.last_seen_username).toBe(name);
  });

  it('keeps the name it had when Steam says none on a later link (its Web API not configured, or down)', async () => {
    const { token } = await player();
    const name = uniqueName('kept');
    expect((await linkSteam(token, await steamAssertion(sandbox, name))).json().links.steam.last_seen_username).toBe(
      name,
    );
    const config = sandbox.config('steam');
    const { openid, claimed_id: claimedId } = config.endpoints;
    await t.deps.platforms.put({ ...config, endpoints: { openid, claimed_id: claimedId } });
    try {
      const again = await linkSteam(token, await steamAssertion(sandbox, name));
      expect(again.statusCode).toBe(200);
      expect(again.json().links.steam.last_seen_username).toBe(name);
    } finally {
      await t.deps.platforms.put(config);
    }
  });

  it('refuses a forged claimed_id, a foreign op_endpoint, another return_to and a replayed assertion', async () => {
    const { token } = await player();
    const refused = { code: 'account_link_failed' };
    const assertion = await steamAssertion(sandbox, uniqueName('victim'));
    const prefix = `${sandbox.origin}/dev/platforms/steam/openid/id/`;
    // Another player's id in both claimed_id and identity: only Steam's check_authentication can tell.
    const other = `${prefix}76561190000000001`;
    expect((await linkSteam(token, altered(assertion, { claimed_id: other, identity: other }))).json()).toMatchObject(
      refused,
    );
    // claimed_id and identity that differ, an id of another provider, a foreign endpoint, another site.
    expect((await linkSteam(token, altered(assertion, { claimed_id: other }))).json()).toMatchObject(refused);
    const foreignId = 'https://evil.example.com/openid/id/76561190000000001';
    expect(
      (await linkSteam(token, altered(assertion, { claimed_id: foreignId, identity: foreignId }))).json(),
    ).toMatchObject(refused);
    const foreignEndpoint = { op_endpoint: 'https://evil.example.com/openid/login' };
    expect((await linkSteam(token, altered(assertion, foreignEndpoint))).json()).toMatchObject(refused);
    expect(
      (await linkSteam(token, altered(assertion, { return_to: 'https://evil.example.com/' }))).json(),
    ).toMatchObject(refused);
    expect((await linkSteam(token, 'not-an-assertion')).json()).toMatchObject(refused);
    // The real assertion still works once, and never twice.
    expect((await linkSteam(token, assertion)).statusCode).toBe(200);
    const second = await player();
    expect((await linkSteam(second.token, assertion)).json()).toMatchObject(refused);
  });
});

describe("Steam (a game's Web API auth ticket)", () => {
  /** The sandbox Steam client gives a game a ticket for `identity` (the portal's by default). */
  const ticketFor = async (username: string, identity = 'account-portal') => {
    const res = await fetch(`${sandbox.origin}/dev/platforms/steam/webapi/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, identity }).toString(),
    });
    return ((await res.json()) as { ticket: string; steamid: string }).ticket;
  };
  const signInSteam = (ticket: string) =>
    apiCall(t.app, 'POST', '/api/sessions/auth/steam', undefined, { access_token: ticket });

  it("signs in the account the ticket's SteamID64 is linked to, with the persona name Steam gives", async () => {
    const { token } = await player();
    const name = uniqueName('Gordon');
    const linked = await apiCall(t.app, 'PUT', '/api/accounts/me/link/steam', token, {
      access_token: await ticketFor(name),
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().links.steam).toMatchObject({ last_seen_username: name });
    // The same player's identity through the web's OpenID 2.0 sign-in is the same SteamID64.
    const steamId = linked.json().links.steam.auth_id;
    const res = await signInSteam(await ticketFor(name));
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
    const me = await apiCall(t.app, 'GET', '/api/accounts/me', res.json().access_token);
    expect(me.json().links.steam.auth_id).toBe(steamId);
  });

  it('refuses a ticket Steam does not know, one for another service, and one used before', async () => {
    const refused = { code: 'account_link_failed' };
    expect((await signInSteam('AB'.repeat(100))).json()).toMatchObject(refused);
    expect((await signInSteam(await ticketFor(uniqueName('other'), 'another-service'))).json()).toMatchObject(refused);
    const { token } = await player();
    const ticket = await ticketFor(uniqueName('replay'));
    expect(
      (await apiCall(t.app, 'PUT', '/api/accounts/me/link/steam', token, { access_token: ticket })).statusCode,
    ).toBe(200);
    expect((await signInSteam(ticket)).json()).toMatchObject(refused);
  });
});

describe('the Max subscription (GET /accounts/max/me/subscription)', () => {
  const subscription = (token: string) => apiCall(t.app, 'GET', '/api/accounts/max/me/subscription', token);
  const linkMax = async (token: string, name: string, query = '') => {
    const authorized = await authorizeAt(sandbox, 'max', name, { scope: 'profile', nonce: null });
    return apiCall(t.app, 'PUT', `/api/accounts/me/link/max${query}`, token, linkPayloadOf(authorized, false));
  };
  /** Puts a token in the link's place, sealed as the server keeps them. */
  const keepToken = (accountId: string, accessToken: string, expiresAt: Date | null) =>
    t.deps.db.query("UPDATE platform_links SET tokens_sealed = $2 WHERE account_id = $1 AND platform = 'max'", [
      accountId,
      t.deps.platforms.seal(
        JSON.stringify({ access_token: accessToken, expires_at: expiresAt?.toISOString() ?? null }),
      ),
    ]);

  it("answers the subscription Max gives for the link's token, and none without a link", async () => {
    const { token } = await player();
    expect((await subscription(token)).json()).toEqual({
      subscribed: false,
      plan: null,
      expires_at: null,
      max_link: null,
    });
    const name = uniqueName('Viewer');
    expect((await linkMax(token, name)).statusCode).toBe(200);
    const res = await subscription(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      subscribed: true,
      plan: 'ad_free',
      max_link: { last_seen_username: name, refresh_required: false },
    });
    expect(new Date(res.json().expires_at).getTime()).toBeGreaterThan(Date.now());
    const free = await player();
    await linkMax(free.token, uniqueName('free'));
    expect((await subscription(free.token)).json()).toMatchObject({ subscribed: false, plan: null });
    // The token is kept sealed: its text is nowhere in the row.
    const rows = await t.deps.db.query<{ tokens_sealed: string }>(
      "SELECT tokens_sealed FROM platform_links WHERE platform = 'max' AND username = $1",
      [name],
    );
    expect(rows[0]?.tokens_sealed).toMatch(/^v1\./);
    expect(rows[0]?.tokens_sealed).not.toContain('access_token');
  });

  it('answers external_service_error while Max cannot answer, and the link stays as it was', async () => {
    const { token } = await player();
    // A sandbox user name starting with "outage": Max's subscription API answers 503.
    await linkMax(token, uniqueName('outage'));
    const res = await subscription(token);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'external_service_error' });
    expect((await apiCall(t.app, 'GET', '/api/accounts/me', token)).json().links.max.refresh_required).toBe(false);
  });

  it('marks the link refresh_required when the token expired or Max refuses it, until a reconnect', async () => {
    const { id, token } = await player();
    const name = uniqueName('shortBinge');
    await linkMax(token, name);
    await keepToken(id, 'still-a-token', new Date(Date.now() - 1000));
    const expired = await subscription(token);
    expect(expired.json()).toMatchObject({ subscribed: false, max_link: { refresh_required: true } });
    expect((await apiCall(t.app, 'GET', '/api/accounts/me', token)).json().links.max.refresh_required).toBe(true);
    // Reconnecting the same identity renews the token and clears the flag.
    expect((await linkMax(token, name, '?refresh=true')).json().links.max.refresh_required).toBe(false);
    expect((await subscription(token)).json()).toMatchObject({
      subscribed: true,
      max_link: { refresh_required: false },
    });
    // A token Max does not take (revoked at Max): the same.
    await keepToken(id, 'revoked-at-max', null);
    expect((await subscription(token)).json()).toMatchObject({
      subscribed: false,
      max_link: { refresh_required: true },
    });
  });
});

describe('security notices', () => {
  it("mails the player, in the player's language, for a link, a disconnect and a sign-in on a new device", async () => {
    const email = `${uniqueName('notice')}@example.com`;
    const { token } = await player({ email, locale: 'de-DE' });
    const name = uniqueName('Notice');
    await link(token, 'twitch', name);
    const [linked] = await mails(email);
    expect(linked).toMatchObject({ template: 'platform_linked' });
    expect(linked?.text).toContain('Twitch');
    // In German, as the account's language says (the English subject reads "... was linked ...").
    expect(linked?.subject).toContain('Twitch');
    expect(linked?.subject).not.toContain('was linked');

    const device = { visitor_id: randomUUID(), platform_name: 'web' };
    const signIn = async () =>
      apiCall(t.app, 'POST', '/api/sessions/auth/twitch', undefined, {
        ...linkPayloadOf(await authorizeAt(sandbox, 'twitch', name)),
        device_data: device,
      });
    expect((await signIn()).statusCode).toBe(200);
    expect((await mails(email))[0]).toMatchObject({ template: 'platform_sign_in' });
    const count = (await mails(email)).length;
    // The same device again: no new notice.
    expect((await signIn()).statusCode).toBe(200);
    expect(await mails(email)).toHaveLength(count);

    await apiCall(t.app, 'PUT', '/api/accounts/me/unlink/twitch', token);
    expect((await mails(email))[0]).toMatchObject({ template: 'platform_unlinked' });
  });
});
