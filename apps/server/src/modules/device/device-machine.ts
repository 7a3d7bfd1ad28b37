// The device authorization of RFC 8628 as a state machine: its five states, the events that move it,
// and the answer each transition gives. Diagram: docs/flows/device-authorization.md.
//
//   pending ──approve──► approved ──poll──► redeemed (the device's tokens, handed out once)
//      │                    │
//      └──deny──► denied    └─ (clock) ──► expired ◄── (clock) ── pending, denied
//
// The table below is the whole flow: for an event in a state, the first row whose guard holds (or
// that has none) applies. The decisions are pure; DeviceService gathers the facts (the stored row,
// the clock, the polling client, the player and the game) and carries out what the row says.
//
// The SQL of DeviceRepo implements the rows that change the stored record:
// - approve and deny (`DeviceRepo.approve` / `.deny`): `UPDATE … WHERE authorized_at IS NULL AND
//   error IS NULL AND expires_at > now()`, i.e. "only from pending", re-checked in the statement
//   that writes, so a code decided (or expired) meanwhile answers device_token_used;
// - poll (`DeviceRepo.poll`): one statement reads the record under a row lock and sets
//   `redeemed_at` exactly when the row `approved --poll--> redeemed` applies: the state is approved
//   (`authorized_at IS NOT NULL AND redeemed_at IS NULL AND expires_at > now()`), the guard
//   other_client does not hold (`client_id` matches, or no client was named) and too_early does not
//   hold (`NOT early`). It answers the facts the decision needs (state before, early, client).
// - on every poll of a known code, whatever the answer: `last_polled_at = now()`, and a poll that
//   came too early grows `interval_seconds` by SLOW_DOWN_STEP_SECONDS (RFC 8628 §3.5: "for this
//   and all subsequent requests").
// - the clock transitions (pending, approved, denied → expired) are not written: `stateOf` reads
//   them from `expires_at`.

export const DEVICE_STATES = ['pending', 'approved', 'denied', 'redeemed', 'expired'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/**
 * The guards each event may test (meanings in docs/flows/device-authorization.md):
 * - past_expiry: expires_at has passed (a redeemed code stays redeemed; the browser is told it expired);
 * - passwordless: the device asked for a passwordless (stub-account) sign-in: its code leads to the stub
 *   flow (claim_stub), and the consolidation or completion of the stub approves it (stub_settled);
 * - not_passwordless: a claim of a stub for a code that is not passwordless;
 * - stub_gone: the stub a passwordless code was started for is no longer a stub (or gone);
 * - claimed: another browser claimed the stub of this code already;
 * - game_gone: the client's game is no longer registered;
 * - player_may_not_sign_in: the player may not sign in to this game (oauth/who-may-authorize.ts);
 * - other_client: the token request names another client than the one that started the authorization;
 * - too_early: the poll came before the last one plus the interval (less 250 ms of network jitter).
 */
export const EVENT_GUARDS = {
  /** The player's browser looks the typed code up (GET /sessions/device/{code}). */
  look_up: ['past_expiry'],
  /** The signed-in player approves (PUT /sessions/device/{code}/authorize). */
  approve: ['past_expiry', 'passwordless', 'game_gone', 'player_may_not_sign_in'],
  /** The player refuses, or the browser reports why it cannot approve (PUT …/error). */
  deny: ['past_expiry'],
  /** The device polls for its tokens (the device_code grant). */
  poll: ['other_client', 'too_early'],
  /** A browser takes the stub of a passwordless code (POST /sessions/device/{code}/stub). */
  claim_stub: ['past_expiry', 'not_passwordless', 'stub_gone', 'claimed'],
  /** The stub was consolidated into an account or completed (ConsolidationRepo, the completion). */
  stub_settled: [],
} as const;
export type DeviceEvent = keyof typeof EVENT_GUARDS;
export type GuardOf<E extends DeviceEvent> = (typeof EVENT_GUARDS)[E][number];

type BrowserClosed = 'device_token_expired' | 'device_token_used';
export interface AnswerOf {
  look_up: 'shown' | BrowserClosed;
  approve: 'approved' | 'device_flow_unavailable' | 'device_token_invalid' | 'player_refused' | BrowserClosed;
  deny: 'denied' | BrowserClosed;
  poll:
    | 'tokens'
    | 'authorization_pending'
    | 'slow_down'
    | 'expired_token'
    | 'access_denied'
    | 'client_mismatch'
    | 'device_code_used';
  claim_stub: 'stub_session' | 'device_token_invalid' | BrowserClosed;
  stub_settled: 'approved' | 'unchanged';
}

export type Transition = {
  [E in DeviceEvent]: {
    readonly from: DeviceState;
    readonly event: E;
    readonly guard: GuardOf<E> | null;
    readonly to: DeviceState;
    readonly answer: AnswerOf[E];
  };
}[DeviceEvent];

const row = <E extends DeviceEvent>(
  from: DeviceState,
  event: E,
  guard: GuardOf<E> | null,
  to: DeviceState,
  answer: AnswerOf[E],
) => ({ from, event, guard, to, answer }) as Transition;

/** state × event (× guard) → state, with the answer. Rows of one state and event are tried in order. */
export const TRANSITIONS: readonly Transition[] = [
  // The browser looks a code up: only a pending one is shown.
  row('pending', 'look_up', null, 'pending', 'shown'),
  row('approved', 'look_up', null, 'approved', 'device_token_used'),
  row('denied', 'look_up', null, 'denied', 'device_token_used'),
  row('expired', 'look_up', null, 'expired', 'device_token_expired'),
  row('redeemed', 'look_up', 'past_expiry', 'redeemed', 'device_token_expired'),
  row('redeemed', 'look_up', null, 'redeemed', 'device_token_used'),

  // The player approves.
  row('pending', 'approve', 'passwordless', 'pending', 'device_flow_unavailable'),
  row('pending', 'approve', 'game_gone', 'pending', 'device_token_invalid'),
  row('pending', 'approve', 'player_may_not_sign_in', 'pending', 'player_refused'),
  row('pending', 'approve', null, 'approved', 'approved'),
  row('approved', 'approve', null, 'approved', 'device_token_used'),
  row('denied', 'approve', null, 'denied', 'device_token_used'),
  row('expired', 'approve', null, 'expired', 'device_token_expired'),
  row('redeemed', 'approve', 'past_expiry', 'redeemed', 'device_token_expired'),
  row('redeemed', 'approve', null, 'redeemed', 'device_token_used'),

  // The player refuses (or the browser reports age_gated...): the reason is kept for the device.
  row('pending', 'deny', null, 'denied', 'denied'),
  row('approved', 'deny', null, 'approved', 'device_token_used'),
  row('denied', 'deny', null, 'denied', 'device_token_used'),
  row('expired', 'deny', null, 'expired', 'device_token_expired'),
  row('redeemed', 'deny', 'past_expiry', 'redeemed', 'device_token_expired'),
  row('redeemed', 'deny', null, 'redeemed', 'device_token_used'),

  // The device polls (RFC 8628 §3.5).
  row('pending', 'poll', 'other_client', 'pending', 'client_mismatch'),
  row('pending', 'poll', 'too_early', 'pending', 'slow_down'),
  row('pending', 'poll', null, 'pending', 'authorization_pending'),
  row('approved', 'poll', 'other_client', 'approved', 'client_mismatch'),
  row('approved', 'poll', 'too_early', 'approved', 'slow_down'),
  row('approved', 'poll', null, 'redeemed', 'tokens'),
  row('denied', 'poll', 'other_client', 'denied', 'client_mismatch'),
  row('denied', 'poll', 'too_early', 'denied', 'slow_down'),
  row('denied', 'poll', null, 'denied', 'access_denied'),
  row('expired', 'poll', 'other_client', 'expired', 'client_mismatch'),
  row('expired', 'poll', 'too_early', 'expired', 'slow_down'),
  row('expired', 'poll', null, 'expired', 'expired_token'),
  row('redeemed', 'poll', 'other_client', 'redeemed', 'client_mismatch'),
  row('redeemed', 'poll', null, 'redeemed', 'device_code_used'),

  // A browser claims the stub of a passwordless code: the first gets a session of the stub.
  row('pending', 'claim_stub', 'not_passwordless', 'pending', 'device_token_invalid'),
  row('pending', 'claim_stub', 'stub_gone', 'pending', 'device_token_expired'),
  row('pending', 'claim_stub', 'claimed', 'pending', 'device_token_used'),
  row('pending', 'claim_stub', null, 'pending', 'stub_session'),
  row('approved', 'claim_stub', null, 'approved', 'device_token_used'),
  row('denied', 'claim_stub', null, 'denied', 'device_token_used'),
  row('expired', 'claim_stub', null, 'expired', 'device_token_expired'),
  row('redeemed', 'claim_stub', 'past_expiry', 'redeemed', 'device_token_expired'),
  row('redeemed', 'claim_stub', null, 'redeemed', 'device_token_used'),

  // The stub was consolidated or completed: a pending passwordless code is approved for the account.
  row('pending', 'stub_settled', null, 'approved', 'approved'),
  row('approved', 'stub_settled', null, 'approved', 'unchanged'),
  row('denied', 'stub_settled', null, 'denied', 'unchanged'),
  row('expired', 'stub_settled', null, 'expired', 'unchanged'),
  row('redeemed', 'stub_settled', null, 'redeemed', 'unchanged'),
];

/** What the state of an authorization is made of, as stored, read against one clock. */
export interface StoredFacts {
  /** redeemed_at is set. */
  redeemed: boolean;
  /** expires_at has passed. */
  expired: boolean;
  /** error is set (the player refused, or the browser reported why it could not approve). */
  denied: boolean;
  /** authorized_at is set. */
  approved: boolean;
}

/** The state of a stored authorization. Redeemed is final; the clock expires the others. */
export function stateOf(stored: StoredFacts): DeviceState {
  if (stored.redeemed) return 'redeemed';
  if (stored.expired) return 'expired';
  if (stored.denied) return 'denied';
  if (stored.approved) return 'approved';
  return 'pending';
}

/** The transition an event takes in a state, given whether each of the event's guards holds. */
export function decide<E extends DeviceEvent>(
  event: E,
  state: DeviceState,
  guards: Readonly<Record<GuardOf<E>, boolean>>,
): Extract<Transition, { event: E }> {
  const holds = guards as Readonly<Record<string, boolean>>;
  const found = TRANSITIONS.find(
    (t) => t.event === event && t.from === state && (t.guard === null || holds[t.guard] === true),
  );
  if (!found) throw new Error(`no device transition for ${event} in ${state}`);
  return found as Extract<Transition, { event: E }>;
}
