// Friends and blocking (issue 17): invitations and their states, the lists and their pages, blocks
// (silent, both ways), the friends search (exact, privacy-aware, the same answer for a blocking, a
// stub, a deleted and an unknown player), the limits on every path, the friend-request mail with its
// one-click opt-out (RFC 8058), and the races of two players acting at once. PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, insertAccount, testApp } from './helpers.ts';
import type { TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ FRIENDS_MAX: '3', FRIEND_INVITATIONS_MAX: '2', FRIEND_SEARCHES_PER_MINUTE: '40' });
});
afterAll(async () => {
  await t?.close();
});

interface Player {
  id: string;
  email: string;
  username: string;
  token: string;
}

/** A completed account, signed in on the web. */
async function player(locale = 'en-US'): Promise<Player> {
  const tag = randomUUID().slice(0, 8);
  const email = `friend-${tag}@example.com`;
  const username = `Friend${tag}`;
  const id = await insertAccount(t.deps.db, { email, username });
  await t.deps.db.query('UPDATE accounts SET locale = $2 WHERE id = $1', [id, locale]);
  const { accessToken } = await t.deps.tokens.start({ accountId: id });
  return { id, email, username, token: accessToken };
}

const call = (who: Player, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
  apiCall(t.app, method, `/api${url}`, who.token, body);
const invite = (from: Player, to: { id: string }) =>
  call(from, 'POST', '/friends/me/invitations', { account_id: to.id });
const answer = (who: Player, id: string, action: 'accept' | 'decline' | 'cancel') =>
  call(who, 'PUT', `/friends/me/invitations/${id}/${action}`);
const friendsOf = async (who: Player, query = '') => (await call(who, 'GET', `/friends/me${query}`)).json();
const search = async (who: Player, type: 'email' | 'username', value: string) =>
  (await call(who, 'GET', `/accounts/lookup?type=${type}&value=${encodeURIComponent(value)}`)).json();
const friendMails = async (to: string) => {
  await t.deps.mailer.deliverDue();
  return (
    (await t.deps.db.query(
      `SELECT subject, text_body, locale, headers FROM mail_outbox WHERE to_address = $1 AND template = 'friend_request'
       ORDER BY created_at`,
      [to],
    )) as Array<{ subject: string; text_body: string; locale: string; headers: Record<string, string> }>
  ).map((m) => ({ ...m, headers: typeof m.headers === 'string' ? JSON.parse(m.headers) : m.headers }));
};
const areFriends = async (a: Player, b: Player) =>
  ((await friendsOf(a)).items as Array<{ account: { id: string } }>).some((f) => f.account.id === b.id);

describe('invitations', () => {
  it('invites, mails the receiver in their language, lists it both ways, and accept makes both friends', async () => {
    const ana = await player();
    const ben = await player('de-DE');
    const sent = await invite(ana, ben);
    expect(sent.statusCode).toBe(201);
    const invitation = sent.json();
    expect(invitation).toMatchObject({
      state: 'open',
      from: { id: ana.id, username: ana.username },
      to: { id: ben.id },
    });
    expect(invitation.from.avatar.image_url).toMatch(/^\/avatars\//);

    const [mail] = await friendMails(ben.email);
    expect(mail?.locale).toBe('de-DE');
    expect(mail?.text_body).toContain(ana.username);
    expect(mail?.text_body).toMatch(/\/friend-request/);
    expect(mail?.headers['List-Unsubscribe']).toMatch(/^<https?:\/\/\S+\/mail\/unsubscribe\?token=\S+>$/);
    expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    const incoming = (await call(ben, 'GET', '/friends/me/invitations/incoming')).json();
    expect(incoming).toMatchObject({ total: 1, page: 1, items: [{ id: invitation.id, state: 'open' }] });
    const outgoing = (await call(ana, 'GET', '/friends/me/invitations/outgoing')).json();
    expect(outgoing).toMatchObject({ total: 1, items: [{ id: invitation.id }] });

    const accepted = await answer(ben, invitation.id, 'accept');
    expect(accepted.json()).toMatchObject({ id: invitation.id, state: 'accepted' });
    for (const [me, them] of [
      [ana, ben],
      [ben, ana],
    ] as const) {
      const list = await friendsOf(me);
      expect(list.total).toBe(1);
      expect(list.items[0]).toMatchObject({ account: { id: them.id, username: them.username } });
      expect(new Date(list.items[0].since).getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    expect((await call(ben, 'GET', '/friends/me/invitations/incoming')).json().total).toBe(0);
    expect((await call(ben, 'GET', '/friends/me/invitations/incoming?state=accepted')).json().total).toBe(1);
  });

  it('lets only the receiver accept or decline and only the sender cancel, once', async () => {
    const [ana, ben, eve] = [await player(), await player(), await player()];
    const { id } = (await invite(ana, ben)).json();
    for (const [who, action] of [
      [eve, 'accept'],
      [ana, 'accept'],
      [ana, 'decline'],
      [ben, 'cancel'],
      [eve, 'cancel'],
    ] as const) {
      expect((await answer(who, id, action)).json(), `${action}`).toMatchObject({
        code: 'friend_invitation_access_invalid',
      });
    }
    expect((await answer(eve, randomUUID(), 'accept')).json()).toMatchObject({
      code: 'friend_invitation_access_invalid',
    });
    expect((await answer(ben, id, 'decline')).json()).toMatchObject({ state: 'declined' });
    expect((await answer(ben, id, 'accept')).json()).toMatchObject({ code: 'friend_invitation_state_invalid' });
    expect((await answer(ana, id, 'cancel')).json()).toMatchObject({ code: 'friend_invitation_state_invalid' });
    // Declined: a new invitation may be sent; the sender cancels it.
    const again = (await invite(ana, ben)).json();
    expect((await answer(ana, again.id, 'cancel')).json()).toMatchObject({ state: 'cancelled' });
    expect((await call(ana, 'GET', '/friends/me/invitations/outgoing?state=cancelled')).json().total).toBe(1);
    expect(await areFriends(ana, ben)).toBe(false);
  });

  it('refuses yourself, a friend, a second invitation, and an account that does not exist', async () => {
    const [ana, ben] = [await player(), await player()];
    expect((await invite(ana, ana)).json()).toMatchObject({ code: 'social_target_self' });
    const { id } = (await invite(ana, ben)).json();
    expect((await invite(ana, ben)).json()).toMatchObject({ code: 'duplicate_friend_record' });
    await answer(ben, id, 'accept');
    expect((await invite(ana, ben)).json()).toMatchObject({ code: 'duplicate_friend_record' });
    expect((await invite(ben, ana)).json()).toMatchObject({ code: 'duplicate_friend_record' });
    expect((await invite(ana, { id: randomUUID() })).json()).toMatchObject({ code: 'not_found' });
    expect((await call(ana, 'POST', '/friends/me/invitations', { account_id: 'nope' })).json()).toMatchObject({
      code: 'invalid_request',
    });
  });

  it('accepts theirs when inviting a player who invited you first, without a second mail', async () => {
    const [ana, ben] = [await player(), await player()];
    const theirs = (await invite(ana, ben)).json();
    const mine = await invite(ben, ana);
    expect(mine.json()).toMatchObject({ id: theirs.id, state: 'accepted' });
    expect(await areFriends(ana, ben)).toBe(true);
    expect(await friendMails(ana.email)).toHaveLength(0);
  });

  it('unfriends both ways; a stranger cannot be unfriended; a deleted friend leaves the list', async () => {
    const [ana, ben, eve] = [await player(), await player(), await player()];
    await answer(ben, (await invite(ana, ben)).json().id, 'accept');
    expect((await call(ana, 'PUT', `/friends/me/unfriend/${eve.id}`)).json()).toMatchObject({ code: 'not_found' });
    expect((await call(ana, 'PUT', `/friends/me/unfriend/${ana.id}`)).json()).toMatchObject({
      code: 'social_target_self',
    });
    expect((await call(ben, 'PUT', `/friends/me/unfriend/${ana.id}`)).statusCode).toBe(200);
    expect(await areFriends(ana, ben)).toBe(false);
    expect(await areFriends(ben, ana)).toBe(false);
    expect((await friendsOf(ana)).total).toBe(0);
    // A deleted account leaves its friends' lists, and their totals.
    await answer(eve, (await invite(ana, eve)).json().id, 'accept');
    expect((await friendsOf(ana)).total).toBe(1);
    await t.deps.db.query('DELETE FROM accounts WHERE id = $1', [eve.id]);
    expect(await friendsOf(ana)).toMatchObject({ total: 0, items: [] });
  });

  it('reads the friends list page by page', async () => {
    const ana = await player();
    const others = [await player(), await player(), await player()];
    for (const other of others) await answer(other, (await invite(ana, other)).json().id, 'accept');
    const first = await friendsOf(ana, '?page=1&page_size=2');
    const second = await friendsOf(ana, '?page=2&page_size=2');
    expect(first).toMatchObject({ page: 1, page_size: 2, total: 3 });
    expect(first.items).toHaveLength(2);
    expect(second.items).toHaveLength(1);
    const ids = [...first.items, ...second.items].map((f: { account: { id: string } }) => f.account.id).sort();
    expect(ids).toEqual(others.map((o) => o.id).sort());
    expect((await call(ana, 'GET', '/friends/me?page_size=1000')).json()).toMatchObject({ code: 'invalid_request' });
  });
});

describe('limits', () => {
  it('holds the open invitations an account may have sent', async () => {
    const ana = await player();
    await invite(ana, await player());
    await invite(ana, await player());
    expect((await invite(ana, await player())).json()).toMatchObject({ code: 'friend_invitations_limit' });
  });

  it('holds the friends of both players, on invite and on accept', async () => {
    const full = await player();
    const waiting = await player();
    const pending = (await invite(waiting, full)).json();
    for (let i = 0; i < 3; i++) {
      const other = await player();
      await answer(other, (await invite(full, other)).json().id, 'accept');
    }
    expect((await friendsOf(full)).total).toBe(3);
    expect((await invite(await player(), full)).json()).toMatchObject({ code: 'friend_limit_reached' });
    expect((await invite(full, await player())).json()).toMatchObject({ code: 'friend_limit_reached' });
    expect((await answer(full, pending.id, 'accept')).json()).toMatchObject({ code: 'friend_limit_reached' });
    expect((await answer(full, pending.id, 'decline')).json()).toMatchObject({ state: 'declined' });
  });
});

describe('blocking', () => {
  it('ends the friendship and open invitations both ways, silently, and hides the blocker', async () => {
    const [ana, ben, cy] = [await player(), await player(), await player()];
    await answer(ben, (await invite(ana, ben)).json().id, 'accept');
    const fromCy = (await invite(cy, ana)).json();
    await call(ana, 'PUT', `/social/me/block/${ben.id}`).then((r) => expect(r.statusCode).toBe(200));
    await call(ana, 'PUT', `/social/me/block/${cy.id}`);
    expect(await areFriends(ana, ben)).toBe(false);
    expect(await areFriends(ben, ana)).toBe(false);
    // Cy's own invitation reads as an ordinary decline.
    expect((await call(cy, 'GET', '/friends/me/invitations/outgoing?state=declined')).json().items).toMatchObject([
      { id: fromCy.id, state: 'declined' },
    ]);
    const blocked = (await call(ana, 'GET', '/social/me/blocked')).json();
    expect(blocked.total).toBe(2);
    expect(blocked.items.map((b: { account: { id: string } }) => b.account.id).sort()).toEqual([ben.id, cy.id].sort());
    // The blocked player cannot invite, and finds the blocker no more than a player who does not exist.
    expect((await invite(ben, ana)).json()).toEqual((await invite(ben, { id: randomUUID() })).json());
    expect(await search(ben, 'username', ana.username)).toEqual({ account: null, relation: null, invitation_id: null });
    // The blocker sees whom they blocked, and must unblock before inviting.
    expect(await search(ana, 'username', ben.username)).toMatchObject({ account: { id: ben.id }, relation: 'blocked' });
    expect((await invite(ana, ben)).json()).toMatchObject({ code: 'social_target_blocked' });
    expect((await call(ana, 'PUT', `/social/me/block/${ana.id}`)).json()).toMatchObject({ code: 'social_target_self' });
    expect((await call(ana, 'PUT', `/social/me/unblock/${ben.id}`)).statusCode).toBe(200);
    expect((await call(ana, 'PUT', `/social/me/unblock/${ben.id}`)).statusCode).toBe(200);
    expect(await search(ben, 'username', ana.username)).toMatchObject({ account: { id: ana.id }, relation: 'none' });
    expect((await call(ana, 'GET', '/social/me/blocked')).json().total).toBe(1);
  });
});

describe('the friends search', () => {
  it('finds one player by exact display name, never a partial one, with the relation', async () => {
    const [ana, ben] = [await player(), await player()];
    expect(await search(ana, 'username', ben.username.toLowerCase())).toMatchObject({
      account: { id: ben.id, username: ben.username },
      relation: 'none',
      invitation_id: null,
    });
    expect((await search(ana, 'username', ben.username.slice(0, -1))).account).toBeNull();
    expect((await search(ana, 'username', ana.username)).relation).toBe('self');
    const { id } = (await invite(ana, ben)).json();
    expect(await search(ana, 'username', ben.username)).toMatchObject({ relation: 'outgoing', invitation_id: id });
    expect(await search(ben, 'username', ana.username)).toMatchObject({ relation: 'incoming', invitation_id: id });
    await answer(ben, id, 'accept');
    expect((await search(ana, 'username', ben.username)).relation).toBe('friend');
  });

  it('finds by email only players who allow it, and by name only while they allow it', async () => {
    const [ana, ben] = [await player(), await player()];
    expect((await search(ana, 'email', ben.email)).account).toBeNull();
    expect((await call(ben, 'GET', '/accounts/me/privacy')).json()).toEqual({
      find_by_email: false,
      find_by_username: true,
    });
    const changed = await call(ben, 'PUT', '/accounts/me/privacy', { find_by_email: true, find_by_username: false });
    expect(changed.json()).toEqual({ find_by_email: true, find_by_username: false });
    expect((await search(ana, 'email', ben.email.toUpperCase())).account).toMatchObject({ id: ben.id });
    // Only a verified address finds anyone.
    await t.deps.db.query('UPDATE accounts SET email_verified = false WHERE id = $1', [ben.id]);
    expect((await search(ana, 'email', ben.email)).account).toBeNull();
    await t.deps.db.query('UPDATE accounts SET email_verified = true WHERE id = $1', [ben.id]);
    expect((await search(ana, 'username', ben.username)).account).toBeNull();
    expect((await call(ben, 'PUT', '/accounts/me/privacy', {})).json()).toMatchObject({ code: 'invalid_request' });
    expect((await call(ana, 'GET', '/accounts/lookup?type=email&value=not-an-email')).json()).toMatchObject({
      code: 'invalid_request',
    });
  });

  it('answers the same for a blocking, a stub, a deleted and an unknown player', async () => {
    const me = await player();
    const blocking = await player();
    await call(blocking, 'PUT', `/social/me/block/${me.id}`);
    const stub = await player();
    await t.deps.db.query('UPDATE accounts SET stub = true, completed = false WHERE id = $1', [stub.id]);
    const deleted = await player();
    await t.deps.db.query('DELETE FROM accounts WHERE id = $1', [deleted.id]);
    const answers = [];
    for (const name of [blocking.username, stub.username, deleted.username, 'NobodyByThisName']) {
      const res = await call(me, 'GET', `/accounts/lookup?type=username&value=${name}`);
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({ account: null, relation: null, invitation_id: null });
    expect((await invite(me, stub)).json()).toEqual((await invite(me, blocking)).json());
  });

  it('is limited per account', async () => {
    const me = await player();
    await t.deps.db.query('DELETE FROM rate_limits');
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) {
      statuses.push((await call(me, 'GET', `/accounts/lookup?type=username&value=Nobody${i}`)).statusCode);
    }
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    expect(statuses[40]).toBe(429);
    await t.deps.db.query('DELETE FROM rate_limits');
  });
});

describe('the friend-request mail opt-out', () => {
  it('turns the mails off with one POST of the List-Unsubscribe address, never with a GET', async () => {
    const [ana, ben, cy] = [await player(), await player(), await player()];
    await invite(ana, ben);
    const [mail] = await friendMails(ben.email);
    const address = /^<(\S+)>$/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const path = new URL(address).pathname + new URL(address).search;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(405);
    expect((await call(ben, 'GET', '/accounts/me')).json().email_notification_preferences).toEqual({
      friend_request: true,
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'something=else',
    });
    expect(wrong.statusCode).toBe(400);
    const posted = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect((await call(ben, 'GET', '/accounts/me')).json().email_notification_preferences).toEqual({
      friend_request: false,
    });
    await invite(cy, ben);
    expect(await friendMails(ben.email)).toHaveLength(1);
    const madeUp = await t.app.inject({
      method: 'POST',
      url: '/mail/unsubscribe?token=lt_made-up-token-0000000000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(madeUp.statusCode).toBe(404);
  });
});

describe('two players at once', () => {
  it('end as one friendship when they invite each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const [ana, ben] = [await player(), await player()];
      const answers = await Promise.all([invite(ana, ben), invite(ben, ana)]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      // One invitation: the one that came second accepted the first.
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await areFriends(ana, ben)).toBe(true);
      expect((await friendsOf(ana)).total).toBe(1);
      expect((await call(ana, 'GET', '/friends/me/invitations/outgoing')).json().total).toBe(0);
      expect((await call(ben, 'GET', '/friends/me/invitations/outgoing')).json().total).toBe(0);
    }
  });

  it('leave them blocked and not friends when a block races an accept', async () => {
    for (let round = 0; round < 5; round++) {
      const [ana, ben] = [await player(), await player()];
      const { id } = (await invite(ana, ben)).json();
      await Promise.all([answer(ben, id, 'accept'), call(ana, 'PUT', `/social/me/block/${ben.id}`)]);
      expect(await areFriends(ana, ben)).toBe(false);
      expect(await areFriends(ben, ana)).toBe(false);
      expect((await call(ana, 'GET', '/social/me/blocked')).json().total).toBe(1);
    }
  });
});
