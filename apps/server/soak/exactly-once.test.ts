// Exactly once under concurrency (issue 19): a thousand one-time secrets of each kind, each submitted
// twice at the same moment. For every pair one submission signs in and the other gets the error a
// reused secret answers; a thousand sign-ins in all, never more. The 2,000 submissions of a kind are
// launched together, the two of a pair one after the other in the same tick, so they interleave at
// every round trip to the database (see betweenStatements for PGlite). Each pair comes from an
// address of its own, as from one player's client, so no rate limit takes part.
import { createHash, randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../src/modules/accounts/password-hasher.ts';
import { authenticatorCode } from '../test/authenticator.ts';
import { apiCall, testApp } from '../test/helpers.ts';
import type { TestApp } from '../test/helpers.ts';

const PAIRS = 1000;
/** Requests in flight while the secrets are prepared (the submissions themselves all go at once). */
const SETUP_CONCURRENCY = 50;
const CLIENT = 'starfall-legends-pc';
const REDIRECT = 'http://127.0.0.1/callback';

type Answer = Awaited<ReturnType<typeof apiCall>>;
interface Player {
  id: string;
  email: string;
}

let t: TestApp;
let passwordHash = '';
beforeAll(async () => {
  // The demo game's client starts device sign-ins and asks for authorization codes.
  t = await testApp({}, { seed: true });
  passwordHash = await hashPassword('Tq8#vLp2-Original');
});
afterAll(() => t.close());

/** The address of pair `i` of a kind: one client per pair. */
const addressOf = (kind: number, i: number) => `10.${kind}.${i >> 8}.${i & 255}`;
const call = (
  kind: number,
  i: number,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token?: string,
  payload?: unknown,
) => apiCall(t.app, method, url, token, payload, { remoteAddress: addressOf(kind, i) });

/** Runs `fn` over `items` with at most SETUP_CONCURRENCY in flight; answers the results in order. */
async function inBatches<T, R>(items: readonly T[], fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += SETUP_CONCURRENCY) {
    const batch = items.slice(start, start + SETUP_CONCURRENCY);
    results.push(...(await Promise.all(batch.map((item, j) => fn(item, start + j)))));
  }
  return results;
}

/**
 * Runs `fn` with PGlite's statements each waiting a turn of the event loop first, as a round trip to
 * PostgreSQL does. PGlite runs in this process and settles a statement without the event loop
 * turning, and app.inject starts each request in a turn of its own: without this, every request
 * would run to its end before the next one read anything, and no two submissions would overlap.
 */
async function betweenStatements<R>(fn: () => Promise<R>): Promise<R> {
  if (t.deps.db.kind !== 'pglite') return fn();
  const client = (t.deps.db.orm as unknown as { $client: PGlite }).$client;
  const turn = () => new Promise((resolve) => setImmediate(resolve));
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const spies = [
    vi.spyOn(client, 'query').mockImplementation(async (...args: Parameters<typeof query>) => {
      await turn();
      return query(...args);
    }),
    vi.spyOn(client, 'transaction').mockImplementation(async (...args: Parameters<typeof transaction>) => {
      await turn();
      return transaction(...args);
    }),
  ];
  try {
    return await fn();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** PAIRS completed accounts with a verified email and a password, named after `prefix`. */
function players(prefix: string): Promise<Player[]> {
  return t.deps.db.query<{ id: string; email: string }>(
    `INSERT INTO accounts (public_id, email, email_verified, username, password_hash, completed, country, date_of_birth)
     SELECT 'P-' || upper($1) || n, $1 || n || '@example.com', true, $1 || n, $2, true, 'US', '1990-04-01'
     FROM generate_series(1, $3::int) AS n
     RETURNING id, email`,
    [prefix, passwordHash, PAIRS],
  );
}

/** A signed-in session of the portal for a player (its access token). */
const signedIn = async (player: Player, mfaPending = false) =>
  (await t.deps.tokens.start({ accountId: player.id, mfaPending })).accessToken;

/**
 * Submits every secret twice at once (`n`: the first or the second of its pair), all pairs together,
 * and checks what the clients see: one success per pair (`success` checks its body), the other
 * submission refused as `refusal` says, and PAIRS successes in all.
 */
async function expectExactlyOnce<T>(
  secrets: readonly T[],
  submit: (secret: T, i: number, n: 0 | 1) => Promise<Answer>,
  success: (body: Record<string, unknown>, i: number) => void,
  refusal: { status: number; body: Record<string, unknown> },
): Promise<void> {
  expect(secrets).toHaveLength(PAIRS);
  const pairs = await betweenStatements(() =>
    Promise.all(secrets.map((secret, i) => Promise.all([submit(secret, i, 0), submit(secret, i, 1)]))),
  );
  const statuses = pairs.flat().map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 200)).toHaveLength(PAIRS);
  pairs.forEach((pair, i) => {
    const won = pair.filter((answer) => answer.statusCode === 200);
    expect(won, `pair ${i}: ${pair.map((answer) => answer.body).join(' | ')}`).toHaveLength(1);
    const lost = pair.find((answer) => answer.statusCode !== 200)!;
    success(won[0]!.json(), i);
    expect(lost.statusCode, `pair ${i}: ${lost.body}`).toBe(refusal.status);
    expect(lost.json(), `pair ${i}`).toMatchObject(refusal.body);
  });
}

/** Neither the access token nor the refresh token of each of these answers works any more. */
async function expectEnded(answers: readonly Record<string, unknown>[]): Promise<void> {
  expect(answers.filter(Boolean)).toHaveLength(PAIRS);
  const after = await inBatches(answers, async (answer, i) => {
    const me = await call(6, i, 'GET', '/api/accounts/me', String(answer.access_token));
    const refreshed = await call(6, i, 'POST', '/api/sessions/auth/token', undefined, {
      grant_type: 'refresh_token',
      refresh_token: String(answer.refresh_token),
    });
    return [me.statusCode, refreshed.statusCode];
  });
  const alive = after.filter(([me, refreshed]) => me !== 401 || refreshed !== 401);
  expect(alive, `${alive.length} of ${PAIRS} sign-ins outlived the reuse`).toHaveLength(0);
}

/** What every successful sign-in answers, for `player`. */
const signedInAs = (body: Record<string, unknown>, player: Player) =>
  expect(body).toMatchObject({
    access_token: expect.stringMatching(/^at_/),
    refresh_token: expect.stringMatching(/^rt_/),
    token_type: 'Bearer',
    mfa_required: false,
    account: { id: player.id, email: player.email },
  });

describe('exactly once under 1,000 concurrent double submissions', () => {
  it('of an emailed sign-in code', async () => {
    const accounts = await players('mailed');
    await inBatches(accounts, async (player, i) => {
      const sent = await call(1, i, 'POST', '/api/sessions/email', undefined, { email: player.email });
      expect(sent.statusCode).toBe(200);
    });
    const codes = await inBatches(accounts, async (player) => {
      const outbox = await t.app.inject({ method: 'GET', url: `/dev/outbox?to=${player.email}` });
      const [mail] = outbox.json();
      expect(mail).toMatchObject({ template: 'sign_in_code', code: expect.stringMatching(/^\d{6}$/) });
      return mail.code as string;
    });
    await expectExactlyOnce(
      codes,
      (code, i) =>
        call(1, i, 'POST', '/api/sessions/auth/token', undefined, {
          grant_type: 'email_code',
          email: accounts[i]!.email,
          code,
        }),
      (body, i) => signedInAs(body, accounts[i]!),
      { status: 400, body: { code: 'email_code_not_sent', hydraErrorCode: 1047 } },
    );
  });

  describe('two-factor', () => {
    /**
     * PAIRS players with two-factor on, set up two minutes ago (so the step the first code used is
     * older than any code of now), each signed in twice and pending two-factor: the two submissions
     * of a code come from two sign-ins, so only the code's single use can refuse the second (within
     * one sign-in the first success would also end the session the second was sent with).
     */
    async function pendingPlayers(prefix: string) {
      const accounts = await players(prefix);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() - 120_000);
      const enrolled = await inBatches(accounts, async (player) => {
        const { secret } = await t.deps.mfa.start((await t.deps.accounts.findById(player.id))!);
        const pending = (await t.deps.accounts.findById(player.id))!;
        const { codes } = await t.deps.mfa.activate(pending, authenticatorCode(secret, Date.now()));
        return { ...player, secret, backupCode: codes.backup_codes[0]!.code };
      }).finally(() => vi.useRealTimers());
      return inBatches(enrolled, async (player) => ({
        ...player,
        sessions: [await signedIn(player, true), await signedIn(player, true)] as const,
      }));
    }
    type Pending = Awaited<ReturnType<typeof pendingPlayers>>[number];
    /** Submission n of pair i: from sign-in n of its player. */
    const completer =
      (kind: number, accounts: readonly Pending[], codeType: 'mfa_code' | 'backup_code') =>
      (code: string, i: number, n: 0 | 1) =>
        call(kind, i, 'PUT', '/api/sessions/mfa', accounts[i]!.sessions[n], { code_type: codeType, code });

    it('of an authenticator (TOTP) code', async () => {
      const accounts = await pendingPlayers('totp');
      // The code of the next step, as from a phone whose clock runs a little ahead: with one step of
      // drift either way the server takes it for a minute at least, however long 2,000 submissions take.
      const codes = accounts.map((player) => authenticatorCode(player.secret, Date.now() + 30_000));
      await expectExactlyOnce(codes, completer(2, accounts, 'mfa_code'), (body, i) => signedInAs(body, accounts[i]!), {
        status: 400,
        body: { code: 'mfa_code_invalid', hydraErrorCode: 1057 },
      });
    });

    it('of a backup code', async () => {
      const accounts = await pendingPlayers('backup');
      await expectExactlyOnce(
        accounts.map((player) => player.backupCode),
        completer(3, accounts, 'backup_code'),
        (body, i) => {
          signedInAs(body, accounts[i]!);
          // One of the ten codes spent, not two.
          expect(body.account).toMatchObject({ mfa: { backup_codes: 9 } });
        },
        { status: 400, body: { code: 'mfa_code_invalid', hydraErrorCode: 1057 } },
      );
    });
  });

  it('of a refresh token', async () => {
    const accounts = await players('refresh');
    const winners: Record<string, unknown>[] = [];
    const tokens = await inBatches(accounts, async (player) => {
      const started = await t.deps.tokens.start({ accountId: player.id });
      return started.refreshToken;
    });
    await expectExactlyOnce(
      tokens,
      (token, i) =>
        call(4, i, 'POST', '/api/sessions/auth/token', undefined, {
          grant_type: 'refresh_token',
          refresh_token: token,
        }),
      (body, i) => {
        signedInAs(body, accounts[i]!);
        expect(body.refresh_token).not.toBe(tokens[i]);
        winners[i] = body;
      },
      { status: 401, body: { code: 'auth_expired', hydraErrorCode: 1019 } },
    );
    // A reused refresh token ends its whole sign-in (ADR 002): the tokens the winner got end too,
    // however the two uses interleaved.
    await expectEnded(winners);
  });

  it("of a game's authorization code", async () => {
    const accounts = await players('authcode');
    const winners: Record<string, unknown>[] = [];
    const codes = await inBatches(accounts, async (player, i) => {
      const verifier = randomBytes(32).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const authorized = await call(5, i, 'POST', '/api/sessions/authorize', await signedIn(player), {
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        code_challenge: challenge,
        response_type: 'code',
        code_method: 'S256',
      });
      expect(authorized.statusCode).toBe(200);
      return { code: authorized.json().auth_code as string, verifier };
    });
    await expectExactlyOnce(
      codes,
      ({ code, verifier }, i) =>
        call(5, i, 'POST', '/api/sessions/auth/token', undefined, {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: CLIENT,
          redirect_uri: REDIRECT,
        }),
      (body, i) => {
        signedInAs(body, accounts[i]!);
        winners[i] = body;
      },
      {
        status: 400,
        body: {
          code: 'invalid_request',
          hydraErrorCode: 1013,
          body: { error: 'invalid_grant', reason: 'code_already_used' },
        },
      },
    );
    // A second use of a code ends what the first started (RFC 6749 §4.1.2, ADR 010), however the two
    // uses interleaved.
    await expectEnded(winners);
  });

  it('of an approved device code', async () => {
    const accounts = await players('device');
    const deviceCodes = await inBatches(accounts, async (player, i) => {
      const started = await call(6, i, 'POST', '/api/sessions/device', undefined, { client_id: CLIENT });
      expect(started.statusCode).toBe(200);
      const { device_code, user_code } = started.json();
      const approved = await call(6, i, 'PUT', `/api/sessions/device/${user_code}/authorize`, await signedIn(player));
      expect(approved.statusCode).toBe(200);
      return device_code as string;
    });
    await expectExactlyOnce(
      deviceCodes,
      (code, i) => call(6, i, 'POST', '/api/sessions/auth/token', undefined, { grant_type: 'device_code', code }),
      (body, i) => signedInAs(body, accounts[i]!),
      {
        status: 400,
        body: {
          code: 'invalid_request',
          hydraErrorCode: 1013,
          body: { error: 'invalid_grant', reason: 'device_code_used' },
        },
      },
    );
  });
});
