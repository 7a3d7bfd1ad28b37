// The device authorization's state machine, one test per transition, written from RFC 8628 §3.5 and
// the spec's device calls rather than read back from the table; then the table against the
// decision order the flow had before it was a table, over every combination of facts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEVICE_STATES, EVENT_GUARDS, TRANSITIONS, decide, stateOf } from './device-machine.ts';
import type { DeviceEvent, DeviceState, GuardOf, StoredFacts } from './device-machine.ts';

const stored = (facts: Partial<StoredFacts> = {}): StoredFacts => ({
  redeemed: false,
  expired: false,
  denied: false,
  approved: false,
  ...facts,
});

describe('the state of a stored authorization', () => {
  it.each<[Partial<StoredFacts>, DeviceState]>([
    [{}, 'pending'],
    [{ approved: true }, 'approved'],
    [{ denied: true }, 'denied'],
    [{ expired: true }, 'expired'],
    [{ approved: true, expired: true }, 'expired'],
    [{ denied: true, expired: true }, 'expired'],
    [{ approved: true, redeemed: true }, 'redeemed'],
    [{ approved: true, redeemed: true, expired: true }, 'redeemed'],
  ])('%o is %s', (facts, state) => expect(stateOf(stored(facts))).toBe(state));
});

type Case<E extends DeviceEvent> = [
  state: DeviceState,
  guards: Partial<Record<GuardOf<E>, boolean>>,
  to: DeviceState,
  answer: string,
];
const none = <E extends DeviceEvent>(event: E): Record<GuardOf<E>, boolean> =>
  Object.fromEntries(EVENT_GUARDS[event].map((guard) => [guard, false])) as Record<GuardOf<E>, boolean>;
function check<E extends DeviceEvent>(event: E, [state, guards, to, answer]: Case<E>) {
  const transition = decide(event, state, { ...none(event), ...guards });
  expect({ to: transition.to, answer: transition.answer }).toEqual({ to, answer });
}

describe('the device polls (RFC 8628 §3.5)', () => {
  it.each<Case<'poll'>>([
    ['pending', {}, 'pending', 'authorization_pending'],
    ['pending', { too_early: true }, 'pending', 'slow_down'],
    ['pending', { other_client: true }, 'pending', 'client_mismatch'],
    ['pending', { other_client: true, too_early: true }, 'pending', 'client_mismatch'],
    ['approved', {}, 'redeemed', 'tokens'],
    ['approved', { too_early: true }, 'approved', 'slow_down'],
    ['approved', { other_client: true }, 'approved', 'client_mismatch'],
    ['denied', {}, 'denied', 'access_denied'],
    ['denied', { too_early: true }, 'denied', 'slow_down'],
    ['denied', { other_client: true }, 'denied', 'client_mismatch'],
    ['expired', {}, 'expired', 'expired_token'],
    ['expired', { too_early: true }, 'expired', 'slow_down'],
    ['expired', { other_client: true }, 'expired', 'client_mismatch'],
    ['redeemed', {}, 'redeemed', 'device_code_used'],
    ['redeemed', { too_early: true }, 'redeemed', 'device_code_used'],
    ['redeemed', { other_client: true }, 'redeemed', 'client_mismatch'],
  ])('in %s with %o: %s, answering %s', (...c) => check('poll', c));
});

describe('the player approves', () => {
  it.each<Case<'approve'>>([
    ['pending', {}, 'approved', 'approved'],
    ['pending', { passwordless: true }, 'pending', 'device_flow_unavailable'],
    ['pending', { passwordless: true, game_gone: true }, 'pending', 'device_flow_unavailable'],
    ['pending', { game_gone: true }, 'pending', 'device_token_invalid'],
    ['pending', { player_may_not_sign_in: true }, 'pending', 'player_refused'],
    ['pending', { passwordless: true, player_may_not_sign_in: true }, 'pending', 'device_flow_unavailable'],
    ['approved', {}, 'approved', 'device_token_used'],
    ['denied', {}, 'denied', 'device_token_used'],
    ['expired', { past_expiry: true }, 'expired', 'device_token_expired'],
    ['redeemed', {}, 'redeemed', 'device_token_used'],
    ['redeemed', { past_expiry: true }, 'redeemed', 'device_token_expired'],
  ])('in %s with %o: %s, answering %s', (...c) => check('approve', c));
});

describe('the player refuses, or the browser reports why it cannot approve', () => {
  it.each<Case<'deny'>>([
    ['pending', {}, 'denied', 'denied'],
    ['approved', {}, 'approved', 'device_token_used'],
    ['denied', {}, 'denied', 'device_token_used'],
    ['expired', { past_expiry: true }, 'expired', 'device_token_expired'],
    ['redeemed', {}, 'redeemed', 'device_token_used'],
    ['redeemed', { past_expiry: true }, 'redeemed', 'device_token_expired'],
  ])('in %s with %o: %s, answering %s', (...c) => check('deny', c));
});

describe('the browser looks a code up', () => {
  it.each<Case<'look_up'>>([
    ['pending', {}, 'pending', 'shown'],
    ['approved', {}, 'approved', 'device_token_used'],
    ['denied', {}, 'denied', 'device_token_used'],
    ['expired', { past_expiry: true }, 'expired', 'device_token_expired'],
    ['redeemed', {}, 'redeemed', 'device_token_used'],
    ['redeemed', { past_expiry: true }, 'redeemed', 'device_token_expired'],
  ])('in %s with %o: %s, answering %s', (...c) => check('look_up', c));
});

describe('a browser claims the stub of a passwordless code', () => {
  it.each<Case<'claim_stub'>>([
    ['pending', {}, 'pending', 'stub_session'],
    ['pending', { not_passwordless: true }, 'pending', 'device_token_invalid'],
    ['pending', { stub_gone: true }, 'pending', 'device_token_expired'],
    ['pending', { claimed: true }, 'pending', 'device_token_used'],
    ['approved', {}, 'approved', 'device_token_used'],
    ['denied', {}, 'denied', 'device_token_used'],
    ['expired', { past_expiry: true }, 'expired', 'device_token_expired'],
    ['redeemed', {}, 'redeemed', 'device_token_used'],
    ['redeemed', { past_expiry: true }, 'redeemed', 'device_token_expired'],
  ])('in %s with %o: %s, answering %s', (...c) => check('claim_stub', c));
});

describe('the stub of a passwordless code is consolidated or completed', () => {
  it.each<Case<'stub_settled'>>([
    ['pending', {}, 'approved', 'approved'],
    ['approved', {}, 'approved', 'unchanged'],
    ['denied', {}, 'denied', 'unchanged'],
    ['expired', {}, 'expired', 'unchanged'],
    ['redeemed', {}, 'redeemed', 'unchanged'],
  ])('in %s with %o: %s, answering %s', (...c) => check('stub_settled', c));
});

describe('the table', () => {
  it('answers every event in every state (a row without a guard closes each)', () => {
    for (const event of Object.keys(EVENT_GUARDS) as DeviceEvent[]) {
      for (const state of DEVICE_STATES) {
        const rows = TRANSITIONS.filter((t) => t.event === event && t.from === state);
        expect(rows.at(-1)?.guard, `${event} in ${state}`).toBeNull();
        expect(
          rows.filter((t) => t.guard === null),
          `${event} in ${state}`,
        ).toHaveLength(1);
      }
    }
  });

  it('leaves a state only by approve, deny, a poll of an approved code and a settled stub', () => {
    const moves = TRANSITIONS.filter((t) => t.from !== t.to).map((t) => `${t.from} --${t.event}--> ${t.to}`);
    expect(moves).toEqual([
      'pending --approve--> approved',
      'pending --deny--> denied',
      'approved --poll--> redeemed',
      'pending --stub_settled--> approved',
    ]);
    expect(TRANSITIONS.filter((t) => t.answer === 'tokens')).toHaveLength(1);
  });

  it('has no row that can never apply (an earlier row of its state and event always wins)', () => {
    for (const [index, t] of TRANSITIONS.entries()) {
      const earlier = TRANSITIONS.slice(0, index).filter((e) => e.event === t.event && e.from === t.from);
      expect(
        earlier.some((e) => e.guard === null || e.guard === t.guard),
        `row ${index}`,
      ).toBe(false);
    }
  });

  it('is the one docs/flows/device-authorization.md shows, row for row', () => {
    const doc = readFileSync(new URL('../../../../../docs/flows/device-authorization.md', import.meta.url), 'utf8');
    const documented = doc
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => cells.length === 7 && (DEVICE_STATES as readonly string[]).includes(cells[1] ?? ''))
      .map((cells) => cells.slice(1, 6).join(' '));
    expect(documented).toEqual(TRANSITIONS.map((t) => [t.from, t.event, t.guard ?? '', t.to, t.answer].join(' ')));
  });

  // The decision order of the flow before it was a table (device-authorizations.ts poll and the
  // browser's lookup in device/routes.ts), kept here to show that the table changed no answer.
  it('answers a poll as before, for every combination of facts', () => {
    const before = (f: StoredFacts & { otherClient: boolean; early: boolean }): string => {
      if (f.otherClient) return 'client_mismatch';
      if (f.redeemed) return 'device_code_used';
      if (f.early) return 'slow_down';
      if (f.expired) return 'expired_token';
      if (f.denied) return 'access_denied';
      if (!f.approved) return 'authorization_pending';
      return 'tokens';
    };
    for (const f of combinations(['redeemed', 'expired', 'denied', 'approved', 'otherClient', 'early'])) {
      if ((f.redeemed && !f.approved) || (f.denied && f.approved)) continue; // never stored
      const facts = { ...stored(f), otherClient: f.otherClient, early: f.early };
      const { answer } = decide('poll', stateOf(facts), { other_client: f.otherClient, too_early: f.early });
      expect(answer, JSON.stringify(f)).toBe(before(facts));
    }
  });

  it('answers the browser as before, for every combination of facts', () => {
    type Facts = StoredFacts & { passwordless: boolean; gameGone: boolean; refused: boolean };
    // Every browser call first looked the code up: expired, then decided, refused it.
    const beforeOpen = (f: StoredFacts): string | null => {
      if (f.expired) return 'device_token_expired';
      if (f.approved || f.denied) return 'device_token_used';
      return null;
    };
    const before = (f: Facts): string => {
      const closed = beforeOpen(f);
      if (closed) return closed;
      if (f.passwordless) return 'device_flow_unavailable';
      if (f.gameGone) return 'device_token_invalid';
      if (f.refused) return 'player_refused';
      return 'approved';
    };
    const keys = ['redeemed', 'expired', 'denied', 'approved', 'passwordless', 'gameGone', 'refused'] as const;
    for (const f of combinations(keys)) {
      if ((f.redeemed && !f.approved) || (f.denied && f.approved)) continue;
      const facts = { ...stored(f), passwordless: f.passwordless, gameGone: f.gameGone, refused: f.refused };
      const { answer } = decide('approve', stateOf(facts), {
        past_expiry: f.expired,
        passwordless: f.passwordless,
        game_gone: f.gameGone,
        player_may_not_sign_in: f.refused,
      });
      expect(answer, JSON.stringify(f)).toBe(before(facts));
      for (const event of ['look_up', 'deny'] as const) {
        const { answer: closed } = decide(event, stateOf(facts), { past_expiry: f.expired });
        expect(closed, `${event} ${JSON.stringify(f)}`).toBe(
          beforeOpen(facts) ?? (event === 'look_up' ? 'shown' : 'denied'),
        );
      }
    }
  });
});

function* combinations<K extends string>(keys: readonly K[]): Generator<Record<K, boolean>> {
  for (let mask = 0; mask < 1 << keys.length; mask++) {
    yield Object.fromEntries(keys.map((key, bit) => [key, (mask & (1 << bit)) !== 0])) as Record<K, boolean>;
  }
}
