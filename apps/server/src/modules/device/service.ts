// The device flow of RFC 8628 (spec 000 §4 "Device flow"): a game starts an authorization, the
// player's browser looks the typed user code up and approves or refuses it, the device polls until
// it gets its tokens once. Which answer each step gives is decided by device-machine.ts from the
// facts gathered here; the statements are DeviceRepo's. The tokens of a redeemed authorization are
// issued by the oauth module (OAuthService.deviceCode), which polls through this service.
import type { DeviceAuthorization } from '@portal/contract/calls/entities';
import type { deviceStart, deviceStarted } from '@portal/contract/calls/sessions-games';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { ApiClient } from '../../http/api-key.ts';
import { RequestError } from '../../http/request-error.ts';
import type { Account } from '../accounts/service.ts';
import type { IssuedTokens } from '../sessions/token-service.ts';
import type { GamesService } from '../games/service.ts';
import { refusalToAuthorize } from '../oauth/service.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import { decide, stateOf } from './device-machine.ts';
import type { DeviceState } from './device-machine.ts';
import { deviceView } from './device-view.ts';
import type { GuessLimit } from './guess-limit.ts';
import type { DeviceRepo, DeviceRow } from './repo.ts';
import { newUserCode, normalizeUserCode } from './user-code.ts';

/** Seconds the interval grows by on each poll that came too early (RFC 8628 §3.5). */
const SLOW_DOWN_STEP_SECONDS = 5;
/** Network jitter a poll may come early by without being slowed down. */
const POLL_JITTER_MS = 250;

export type DeviceStartInput = z.output<typeof deviceStart> & { scope?: string | null; sourceAccountId?: string };
export type DeviceStarted = z.output<typeof deviceStarted>;

/** The RFC 8628 §3.5 answers of a poll that gives no tokens. */
export type PollRefusal = 'authorization_pending' | 'slow_down' | 'expired_token' | 'access_denied' | 'invalid_grant';

export type PollResult =
  | { kind: 'refused'; error: PollRefusal; interval: number; reason?: string }
  | {
      kind: 'authorized';
      id: string;
      accountId: string | null;
      clientId: string;
      scope: string | null;
      deviceName: string | null;
    };

export type DeviceOptions = Pick<Config, 'publicUrl' | 'DEVICE_CODE_TTL_SECONDS' | 'DEVICE_POLL_INTERVAL_SECONDS'>;

type Approver = Pick<Account, 'id' | 'registrationFlagged' | 'dateOfBirth' | 'restrictions'>;

/** The signed-in game of a passwordless start: its session's client and account. */
export interface StartingGame {
  session: { clientId: string | null };
  account: Pick<Account, 'id' | 'stub'>;
}

/** What a claimed stub becomes: a session of the browser (SignedIn of sessions/sign-in-service.ts). */
export interface StubSessions {
  findStub(id: string): Promise<Account | undefined>;
  start(account: Account): Promise<{ tokens: IssuedTokens; account: Account }>;
}

export class DeviceService {
  readonly #repo: DeviceRepo;
  readonly #games: GamesService;
  readonly #guesses: GuessLimit;
  readonly #ttlSeconds: number;
  readonly #intervalSeconds: number;
  readonly #verificationUri: string;

  readonly #stubs: StubSessions | undefined;

  constructor(
    repo: DeviceRepo,
    games: GamesService,
    guesses: GuessLimit,
    options: DeviceOptions,
    stubs?: StubSessions,
  ) {
    this.#stubs = stubs;
    this.#repo = repo;
    this.#games = games;
    this.#guesses = guesses;
    this.#ttlSeconds = options.DEVICE_CODE_TTL_SECONDS;
    this.#intervalSeconds = options.DEVICE_POLL_INTERVAL_SECONDS;
    this.#verificationUri = new URL('/device', options.publicUrl).toString();
  }

  /**
   * POST /sessions/device: a game's API key starts device sign-ins for its own clients only. A
   * passwordless one is started by the game signed in as a stub account (its own session's token):
   * the code lets the player consolidate or complete that stub in a browser (spec 000 §4).
   */
  async startFor(
    caller: ApiClient | null,
    input: DeviceStartInput,
    signedIn: StartingGame | null,
  ): Promise<DeviceStarted> {
    const client = await this.#games.findClient(input.client_id);
    if (!client || (caller?.kind === 'game' && caller.gameSlug !== client.gameSlug))
      throw new RequestError('invalid_client_id');
    if (input.auth_type !== 'passwordless') return this.start(client.clientId, input);
    if (!signedIn) throw new RequestError('unauthorized', { body: { reason: 'stub_token_required' } });
    const own =
      signedIn.session.clientId === null ? undefined : await this.#games.findClient(signedIn.session.clientId);
    if (own?.gameSlug !== client.gameSlug)
      throw new RequestError('game_token_mismatch', { body: { game: client.gameSlug } });
    if (!signedIn.account.stub) throw new RequestError('stub_completed');
    return this.start(client.clientId, { ...input, sourceAccountId: signedIn.account.id });
  }

  /** A new authorization (state pending): its device code (for the game only) and user code. */
  async start(clientId: string, input: DeviceStartInput): Promise<DeviceStarted> {
    // Authorizations expired a day ago are of no use to anyone; now and then, forget them.
    if (Math.random() <= 0.05) await this.#repo.deleteLongExpired();
    const defaults = input.registration_defaults;
    for (let attempt = 0; ; attempt++) {
      const deviceCode = newToken('dc');
      const userCode = newUserCode();
      const row = await this.#repo.insert({
        deviceCodeHash: hashToken(deviceCode),
        userCodeHash: hashToken(userCode),
        clientId,
        deviceName: input.device_name ?? null,
        userFlow: input.user_flow,
        userFlowOptions: input.user_flow_options ?? null,
        registrationDefaults: defaults && Object.keys(defaults).length > 0 ? defaults : null,
        authType: input.auth_type,
        scope: input.scope ?? null,
        sourceAccountId: input.sourceAccountId ?? null,
        expiresAt: new Date(Date.now() + this.#ttlSeconds * 1000),
        intervalSeconds: this.#intervalSeconds,
      });
      // A user code still taken by another authorization (about one in 10^8 with a thousand live): draw again.
      if (row) {
        const complete = new URL(this.#verificationUri);
        complete.searchParams.set('user_code', userCode);
        return {
          device_code: deviceCode,
          user_code: userCode,
          verification_uri: this.#verificationUri,
          verification_uri_complete: complete.toString(),
          expires_in: this.#ttlSeconds,
          interval: this.#intervalSeconds,
        };
      }
      if (attempt >= 5) throw new Error('could not draw a free device user code');
    }
  }

  /** GET /sessions/device/{code}: the pending authorization of a typed code, as the browser sees it. */
  async show(typed: string, address: string): Promise<DeviceAuthorization> {
    const { row, userCode } = await this.#lookUp(typed, address);
    const { state, pastExpiry } = browserFacts(row);
    const { answer } = decide('look_up', state, { past_expiry: pastExpiry });
    if (answer !== 'shown') throw new RequestError(answer);
    const found = await this.#games.findClientWithGame(row.clientId);
    return deviceView(row, userCode, found?.game ?? null);
  }

  /** PUT /sessions/device/{code}/authorize: the signed-in player approves. */
  async approve(typed: string, player: Approver, address: string): Promise<void> {
    const { row } = await this.#lookUp(typed, address);
    const { state, pastExpiry } = browserFacts(row);
    const found = state === 'pending' ? await this.#games.findClientWithGame(row.clientId) : undefined;
    const refusal = found ? refusalToAuthorize(player, found.game) : null;
    const { answer } = decide('approve', state, {
      past_expiry: pastExpiry,
      passwordless: row.authType === 'passwordless',
      game_gone: !found,
      player_may_not_sign_in: refusal !== null,
    });
    if (answer === 'player_refused') throw refusal ?? new Error('device approval refused without a reason');
    if (answer !== 'approved') throw new RequestError(answer);
    if (!(await this.#repo.approve(row.id, player.id))) throw new RequestError('device_token_used');
  }

  /**
   * POST /sessions/device/{code}/stub: the browser of the first player who types a passwordless code
   * gets a session of the stub the game signed in as, to consolidate or complete it (the stub flow).
   */
  async claimStub(typed: string, address: string): Promise<{ tokens: IssuedTokens; account: Account }> {
    if (!this.#stubs) throw new Error('device service built without stub sessions');
    const { row } = await this.#lookUp(typed, address);
    const { state, pastExpiry } = browserFacts(row);
    const stub = row.sourceAccountId ? await this.#stubs.findStub(row.sourceAccountId) : undefined;
    const { answer } = decide('claim_stub', state, {
      past_expiry: pastExpiry,
      not_passwordless: row.authType !== 'passwordless',
      stub_gone: !stub,
      claimed: row.stubClaimedAt !== null,
    });
    if (answer !== 'stub_session' || !stub)
      throw new RequestError(answer === 'stub_session' ? 'device_token_expired' : answer);
    if ((await this.#repo.claimStub(row.id)) !== stub.id) throw new RequestError('device_token_used');
    return this.#stubs.start(stub);
  }

  /** The stub of passwordless codes was completed in place: those codes sign their devices in to it. */
  settleStub(stubId: string): Promise<void> {
    return this.#repo.settleStub(stubId);
  }

  /** PUT /sessions/device/{code}/error: the player refuses, or the browser reports why it cannot approve. */
  async deny(typed: string, error: string, address: string): Promise<void> {
    const { row } = await this.#lookUp(typed, address);
    const { state, pastExpiry } = browserFacts(row);
    const { answer } = decide('deny', state, { past_expiry: pastExpiry });
    if (answer !== 'denied') throw new RequestError(answer);
    if (!(await this.#repo.deny(row.id, error))) throw new RequestError('device_token_used');
  }

  /**
   * One poll of the device (RFC 8628 §3.4, §3.5). `clientId` is null on the spec's own token call,
   * where the device code alone names the authorization.
   */
  async poll(deviceCode: string, clientId: string | null): Promise<PollResult> {
    const polled = await this.#repo.poll(hashToken(deviceCode), clientId, {
      slowDownStepSeconds: SLOW_DOWN_STEP_SECONDS,
      jitterMs: POLL_JITTER_MS,
    });
    const refused = (error: PollRefusal, reason?: string): PollResult => ({
      kind: 'refused',
      error,
      interval: polled?.intervalSeconds ?? this.#intervalSeconds,
      ...(reason ? { reason } : {}),
    });
    if (!polled) return refused('invalid_grant', 'unknown_device_code');
    const { answer } = decide('poll', stateOf(polled), {
      other_client: clientId !== null && polled.clientId !== clientId,
      too_early: polled.early,
    });
    switch (answer) {
      case 'tokens':
        // The statement redeems exactly when the machine says so; anything else is a defect here.
        if (!polled.redeemedNow) throw new Error('device poll: the statement did not redeem an approved code');
        return {
          kind: 'authorized',
          id: polled.id,
          accountId: polled.accountId,
          clientId: polled.clientId,
          scope: polled.scope,
          deviceName: polled.deviceName,
        };
      case 'client_mismatch':
      case 'device_code_used':
        return refused('invalid_grant', answer);
      case 'access_denied':
        return refused('access_denied', polled.error ?? undefined);
      default:
        return refused(answer);
    }
  }

  /** Remembers the sign-in a redeemed authorization started. */
  recordFamily(id: string, familyId: string): Promise<void> {
    return this.#repo.recordFamily(id, familyId);
  }

  /** The scope granted to the authorization that started a sign-in; undefined when none did. */
  scopeOfFamily(familyId: string): Promise<{ scope: string | null } | undefined> {
    return this.#repo.scopeOfFamily(familyId);
  }

  /** The authorization of a typed code, within the guessing limits; a code that matches none counts as a guess. */
  async #lookUp(typed: string, address: string): Promise<{ row: DeviceRow; userCode: string }> {
    await this.#guesses.check(address);
    const userCode = normalizeUserCode(typed);
    const row = userCode ? await this.#repo.findByUserCodeHash(hashToken(userCode)) : undefined;
    if (!row || !userCode) {
      await this.#guesses.miss(address);
      throw new RequestError('device_token_invalid');
    }
    return { row, userCode };
  }
}

/** The state of a looked-up authorization on this instance's clock, and whether it is past expiry. */
function browserFacts(row: DeviceRow, now = Date.now()): { state: DeviceState; pastExpiry: boolean } {
  const pastExpiry = row.expiresAt.getTime() <= now;
  const state = stateOf({
    redeemed: row.redeemedAt !== null,
    expired: pastExpiry,
    denied: row.error !== null,
    approved: row.authorizedAt !== null,
  });
  return { state, pastExpiry };
}
