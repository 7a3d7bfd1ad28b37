// The auth flows' transition table, one test per row: the state a screen reads after each event
// (which flow, which step, what data is kept or cleared). Then the events a flow refuses, and the
// state read back from sessionStorage after a reload.
import type { GameConflictBody } from '@portal/contract/calls/accounts-links';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { describe, expect, it, vi } from 'vitest';
import { useMemoryStorage } from '../lib/testing/memory-storage.ts';
import { consolidationPending, gameFlowInProgress, pendingOauth } from './flow-facts.ts';
import type { FlowEvent, FlowEventType } from './flow-events.ts';
import { FlowEventRefused, TRANSITIONS, transition } from './flow-events.ts';
import type { DeviceRequest, FlowState, GameFacts, StubData } from './flow-state.ts';
import { NO_FLOW, NO_SIGN_UP, parseFlowState } from './flow-state.ts';
import { FlowStore } from './flow-store.ts';
import {
  connectionFlow,
  DEVICE,
  deviceFlow,
  GAME,
  oauthFlow,
  registrationFlow,
  userFlow,
} from './testing/flow-fixtures.ts';

useMemoryStorage();

const EMAIL = 'pilot@example.com';
const OTHER_GAME: GameFacts = { ...GAME, slug: 'moonrise', name: 'Moonrise', credentials: 'password' };
const PASSWORDLESS: DeviceRequest = { ...DEVICE, authType: 'passwordless' };
const NO_STUB: StubData = { token: null, refresh: null, platform: null, conflicts: null, choices: {}, choosing: null };
const CONFLICTS: GameConflictBody = {
  conflict_games: ['starfall-legends'],
  conflict_game_details: [
    {
      game_slug: 'starfall-legends',
      game_name: 'Starfall Legends',
      stub: {
        last_seen_platform: 'psn',
        all_platforms: ['psn'],
        game_details: {},
        last_game_login: null,
        last_accessed: null,
      },
      account: {
        last_seen_platform: 'pc',
        all_platforms: ['pc'],
        game_details: {},
        last_game_login: null,
        last_accessed: null,
      },
    },
  ],
  session: { account_id: 'account', source_account_id: 'stub' },
};
const REQUEST = oauthFlow().request!;
const GAME_BAN: RestrictionNotice = {
  kind: 'ban',
  reason: 'cheating',
  note: null,
  starts_at: '2026-03-01T10:00:00.000Z',
  ends_at: '2026-03-09T14:04:00.000Z',
  game: 'starfall-legends',
};

const send = (state: FlowState, ...events: FlowEvent[]): FlowState => events.reduce(transition, state);

/** A passwordless device flow whose stub is being moved into the player's account. */
const consolidating = (over: Partial<StubData> = {}) =>
  deviceFlow({
    step: 'consolidation_init',
    device: PASSWORDLESS,
    stub: { ...NO_STUB, platform: 'psn', token: 'stub-token', refresh: 'stub-refresh', ...over },
  });

// One test per row of TRANSITIONS. Typed as a Record over every event type, so that a new row
// without its test fails the type check as well as the test below.
const ROWS: Record<FlowEventType, [name: string, test: () => void]> = {
  signInStarted: [
    'starts the user flow, or keeps a game flow under way',
    () => {
      expect(transition(NO_FLOW, { type: 'signInStarted', email: EMAIL })).toEqual(
        userFlow({ step: 'login_init', signUp: { ...NO_SIGN_UP, email: EMAIL } }),
      );
      // A game's OAuth request waits for the signed-in player (rule 15).
      expect(transition(oauthFlow(), { type: 'signInStarted', email: EMAIL })).toEqual(
        oauthFlow({ step: 'login_init', signUp: { ...NO_SIGN_UP, email: EMAIL } }),
      );
      expect(transition(deviceFlow(), { type: 'signInStarted', email: EMAIL })).toEqual(
        deviceFlow({ step: 'login_init', signUp: { ...NO_SIGN_UP, email: EMAIL } }),
      );
      // An automatic sign-in (a platform's, a reset link's) keeps the flow under way as it is.
      const registering = registrationFlow({ step: 'age_and_location' });
      expect(transition(registering, { type: 'signInStarted', email: null })).toEqual(registering);
      expect(transition(NO_FLOW, { type: 'signInStarted', email: null })).toEqual(userFlow({ step: 'login_init' }));
      // An OAuth request ended by its error is no game flow any more: the player's own sign-in.
      expect(
        transition(oauthFlow({ step: 'oauth_error', error: 'age_gate' }), { type: 'signInStarted', email: EMAIL }),
      ).toEqual(userFlow({ step: 'login_init', signUp: { ...NO_SIGN_UP, email: EMAIL } }));
    },
  ],
  credentialsAsked: [
    'shows the password or code step, in the flow under way',
    () => {
      expect(transition(userFlow({ signUp: { ...NO_SIGN_UP, email: EMAIL } }), { type: 'credentialsAsked' })).toEqual(
        userFlow({ step: 'login_credentials', signUp: { ...NO_SIGN_UP, email: EMAIL } }),
      );
      const state = transition(oauthFlow({ step: 'login_init' }), { type: 'credentialsAsked' });
      expect(state).toEqual(oauthFlow({ step: 'login_credentials' }));
      expect(pendingOauth(state)).toBe(true);
    },
  ],
  twoFactorPending: [
    'two_factor_init in the flow under way, or in a new user flow (a reload at /two-factor)',
    () => {
      expect(transition(NO_FLOW, { type: 'twoFactorPending' })).toEqual(userFlow({ step: 'two_factor_init' }));
      const state = transition(oauthFlow({ step: 'login_credentials' }), { type: 'twoFactorPending' });
      expect(state).toEqual(oauthFlow({ step: 'two_factor_init' }));
      expect(pendingOauth(state)).toBe(true);
      expect(transition(deviceFlow({ step: 'login_credentials' }), { type: 'twoFactorPending' })).toEqual(
        deviceFlow({ step: 'two_factor_init' }),
      );
    },
  ],
  resetLinkOpened: [
    "the user flow's reset, keeping the link's token and the address typed",
    () => {
      const signingIn = userFlow({ step: 'login_credentials', signUp: { ...NO_SIGN_UP, email: EMAIL, code: '12' } });
      expect(transition(signingIn, { type: 'resetLinkOpened', token: 't0k' })).toEqual(
        userFlow({ step: 'reset_password_init', signUp: { ...NO_SIGN_UP, email: EMAIL }, resetToken: 't0k' }),
      );
      // The link opened in a new tab: no flow, no address.
      expect(transition(NO_FLOW, { type: 'resetLinkOpened', token: 't0k' })).toEqual(
        userFlow({ step: 'reset_password_init', resetToken: 't0k' }),
      );
    },
  ],
  passwordUpdated: [
    "update_password, the link's token kept for the success page",
    () => {
      const resetting = userFlow({
        step: 'reset_password_init',
        signUp: { ...NO_SIGN_UP, email: EMAIL },
        resetToken: 't0k',
      });
      expect(transition(resetting, { type: 'passwordUpdated' })).toEqual({ ...resetting, step: 'update_password' });
    },
  ],
  anonymousEmailVerified: [
    'the user flow at anonymous_email_verification_init, with nothing of the flow before',
    () => {
      expect(transition(registrationFlow(), { type: 'anonymousEmailVerified' })).toEqual(
        userFlow({ step: 'anonymous_email_verification_init' }),
      );
      expect(transition(NO_FLOW, { type: 'anonymousEmailVerified' })).toEqual(
        userFlow({ step: 'anonymous_email_verification_init' }),
      );
    },
  ],
  emailVerificationAsked: [
    'email_verification_init in the flow under way, or in a new user flow',
    () => {
      expect(transition(NO_FLOW, { type: 'emailVerificationAsked' })).toEqual(
        userFlow({ step: 'email_verification_init' }),
      );
      const state = transition(oauthFlow({ step: 'login_credentials' }), { type: 'emailVerificationAsked' });
      expect(state).toEqual(oauthFlow({ step: 'email_verification_init' }));
      expect(pendingOauth(state)).toBe(true);
    },
  ],
  signUpStarted: [
    'starts registration with the email and prefill, or goes on inside a game flow',
    () => {
      expect(
        transition(NO_FLOW, {
          type: 'signUpStarted',
          email: EMAIL,
          game: OTHER_GAME,
          prefill: { ref: 'friend', country: 'FR' },
        }),
      ).toEqual({
        flow: 'registration',
        step: 'registration_init',
        game: OTHER_GAME,
        signUp: { ...NO_SIGN_UP, email: EMAIL, ref: 'friend', country: 'FR' },
      });
      // The player's own sign-in is not kept: registration starts.
      expect(transition(userFlow(), { type: 'signUpStarted', email: EMAIL, game: null, prefill: {} })).toEqual(
        registrationFlow({ signUp: { ...NO_SIGN_UP, email: EMAIL } }),
      );
      // A game flow under way goes on, its request and game kept (the event's game wins when given).
      expect(transition(oauthFlow(), { type: 'signUpStarted', email: EMAIL, game: null, prefill: {} })).toEqual(
        oauthFlow({ step: 'registration_init', signUp: { ...NO_SIGN_UP, email: EMAIL } }),
      );
      expect(transition(deviceFlow(), { type: 'signUpStarted', email: EMAIL, game: OTHER_GAME, prefill: {} })).toEqual(
        deviceFlow({ step: 'registration_init', game: OTHER_GAME, signUp: { ...NO_SIGN_UP, email: EMAIL } }),
      );
      // Started again with the same address (any case): the code mailed and typed are kept (issue 28).
      const mailed = registrationFlow({
        step: 'age_and_location',
        signUp: { ...NO_SIGN_UP, email: EMAIL, codeSentTo: EMAIL, code: '123456', terms: true },
      });
      expect(
        transition(mailed, { type: 'signUpStarted', email: 'Pilot@Example.com', game: null, prefill: {} }),
      ).toEqual(
        registrationFlow({
          signUp: {
            ...NO_SIGN_UP,
            email: 'Pilot@Example.com',
            codeSentTo: 'Pilot@Example.com',
            code: '123456',
            terms: true,
          },
        }),
      );
      // Another address: a new code is mailed and typed.
      expect(
        transition(mailed, { type: 'signUpStarted', email: 'other@example.com', game: null, prefill: {} }),
      ).toEqual(registrationFlow({ signUp: { ...NO_SIGN_UP, email: 'other@example.com', terms: true } }));
    },
  ],
  signUpChanged: [
    'keeps what the sign-up screens typed, at the same step',
    () => {
      const state = registrationFlow({ step: 'age_and_location' });
      expect(
        transition(state, {
          type: 'signUpChanged',
          patch: { codeSentTo: EMAIL, code: '12', terms: true, marketing: true },
        }),
      ).toEqual(
        registrationFlow({
          step: 'age_and_location',
          signUp: { ...state.signUp, codeSentTo: EMAIL, code: '12', terms: true, marketing: true },
        }),
      );
    },
  ],
  ageGated: [
    'age_gate_error, in the flow under way',
    () => {
      expect(transition(registrationFlow({ step: 'age_and_location' }), { type: 'ageGated' })).toEqual(
        registrationFlow({ step: 'age_gate_error' }),
      );
      expect(transition(deviceFlow({ step: 'age_and_location' }), { type: 'ageGated' })).toEqual(
        deviceFlow({ step: 'age_gate_error' }),
      );
    },
  ],
  ageAndLocationGiven: [
    'age_and_location, keeping the age and location given',
    () => {
      const age = { dob: '2000-01-02', age: null, country: 'US', territory: 'US-CA' };
      expect(transition(deviceFlow({ step: 'registration_init' }), { type: 'ageAndLocationGiven', age })).toEqual(
        deviceFlow({ step: 'age_and_location', signUp: { ...NO_SIGN_UP, ...age } }),
      );
    },
  ],
  accountCreated: [
    'account_created, in the flow under way',
    () => {
      expect(transition(registrationFlow({ step: 'age_and_location' }), { type: 'accountCreated' })).toEqual(
        registrationFlow({ step: 'account_created' }),
      );
      expect(transition(oauthFlow({ step: 'age_and_location' }), { type: 'accountCreated' })).toEqual(
        oauthFlow({ step: 'account_created' }),
      );
    },
  ],
  stubCompleted: [
    "remediation_completed for a passwordless device's stub, account_created for the browser's stub",
    () => {
      const remediating = deviceFlow({
        step: 'remediation_init',
        device: PASSWORDLESS,
        stub: { ...NO_STUB, platform: 'psn' },
      });
      expect(transition(remediating, { type: 'stubCompleted' })).toEqual({
        ...remediating,
        step: 'remediation_completed',
      });
      expect(transition(userFlow({ step: 'login_credentials' }), { type: 'stubCompleted' })).toEqual(
        userFlow({ step: 'account_created' }),
      );
      expect(transition(deviceFlow({ step: 'login_credentials' }), { type: 'stubCompleted' })).toEqual(
        deviceFlow({ step: 'account_created' }),
      );
    },
  ],
  displayNameChosen: [
    'success_account_creation, in the flow under way',
    () => {
      expect(transition(registrationFlow({ step: 'account_created' }), { type: 'displayNameChosen' })).toEqual(
        registrationFlow({ step: 'success_account_creation' }),
      );
      // A username update or skip of a connection leads to the account-creation success step.
      expect(transition(connectionFlow({ step: 'account_created' }), { type: 'displayNameChosen' })).toEqual(
        connectionFlow({ step: 'success_account_creation' }),
      );
    },
  ],
  oauthRequested: [
    'starts an OAuth flow with its request, no step yet, nothing of the flow before',
    () => {
      const fresh = oauthFlow({ game: OTHER_GAME });
      for (const before of [
        NO_FLOW,
        deviceFlow(),
        registrationFlow(),
        oauthFlow({ step: 'oauth_error', error: 'age_gate' }),
      ]) {
        const state = transition(before, { type: 'oauthRequested', request: REQUEST, game: OTHER_GAME });
        expect(state).toEqual(fresh);
        expect(pendingOauth(state)).toBe(true);
      }
    },
  ],
  oauthFailed: [
    'oauth_error with its error, keeping the request to try again',
    () => {
      const state = transition(oauthFlow({ step: 'login_credentials' }), {
        type: 'oauthFailed',
        error: 'invalid_client_id',
      });
      expect(state).toEqual(oauthFlow({ step: 'oauth_error', error: 'invalid_client_id' }));
      expect(pendingOauth(state)).toBe(false);
      expect(gameFlowInProgress(state)).toBe(false);
      // A request that could not be read: an OAuth flow at its error, without request.
      expect(transition(NO_FLOW, { type: 'oauthFailed', error: 'missing_client_id' })).toEqual(
        oauthFlow({ step: 'oauth_error', error: 'missing_client_id', game: null, request: null }),
      );
      // A ban of the game (issue 30): its notice is kept, so that a reload shows it again.
      const banned = transition(oauthFlow(), { type: 'oauthFailed', error: 'game_banned', restriction: GAME_BAN });
      expect(banned).toEqual(oauthFlow({ step: 'oauth_error', error: 'game_banned', restriction: GAME_BAN }));
      expect(parseFlowState(JSON.parse(JSON.stringify(banned)))).toEqual(banned);
    },
  ],
  oauthRetried: [
    'the kept request waits again, its error cleared',
    () => {
      const state = transition(oauthFlow({ step: 'oauth_error', error: 'unknown_error' }), { type: 'oauthRetried' });
      expect(state).toEqual(oauthFlow());
      const afterBan = oauthFlow({ step: 'oauth_error', error: 'game_banned', restriction: GAME_BAN });
      expect(transition(afterBan, { type: 'oauthRetried' })).toEqual(oauthFlow());
      expect(pendingOauth(state)).toBe(true);
    },
  ],
  deviceApproved: [
    'starts a device flow at device_flow_init, with its prefill, nothing of the flow before',
    () => {
      const expected = deviceFlow({ signUp: { ...NO_SIGN_UP, country: 'DE' } });
      for (const before of [NO_FLOW, userFlow({ signUp: { ...NO_SIGN_UP, email: EMAIL } }), oauthFlow()]) {
        expect(
          transition(before, { type: 'deviceApproved', device: DEVICE, game: GAME, prefill: { country: 'DE' } }),
        ).toEqual(expected);
      }
    },
  ],
  stubClaimed: [
    "starts a device flow at stub_flow_init with the stub's platform",
    () => {
      expect(
        transition(NO_FLOW, { type: 'stubClaimed', device: PASSWORDLESS, game: GAME, prefill: {}, platform: 'psn' }),
      ).toEqual(deviceFlow({ step: 'stub_flow_init', device: PASSWORDLESS, stub: { ...NO_STUB, platform: 'psn' } }));
    },
  ],
  deviceFailed: [
    'keeps the step, with the problem: the device flow is over',
    () => {
      const state = transition(deviceFlow({ step: 'login_credentials' }), {
        type: 'deviceFailed',
        problem: 'age_gated',
      });
      expect(state).toEqual(deviceFlow({ step: 'login_credentials', problem: 'age_gated' }));
      expect(gameFlowInProgress(state)).toBe(false);
      // A ban of the device's game (issue 30) keeps its notice for a reload.
      const banned = transition(deviceFlow(), { type: 'deviceFailed', problem: 'game_banned', restriction: GAME_BAN });
      expect(banned).toEqual(deviceFlow({ problem: 'game_banned', restriction: GAME_BAN }));
      expect(parseFlowState(JSON.parse(JSON.stringify(banned)))).toEqual(banned);
    },
  ],
  deviceAuthorized: [
    'device_flow_authorization: the device flow is done',
    () => {
      const state = transition(deviceFlow(), { type: 'deviceAuthorized' });
      expect(state).toEqual(deviceFlow({ step: 'device_flow_authorization' }));
      expect(gameFlowInProgress(state)).toBe(false);
    },
  ],
  deviceHandedOver: [
    "a connection flow of the device's user-flow platform, to resume the device afterwards",
    () => {
      const device: DeviceRequest = { ...DEVICE, userFlowPlatform: 'twitch', userFlowRequired: true };
      const signUp = { ...NO_SIGN_UP, email: EMAIL };
      expect(
        transition(deviceFlow({ step: 'login_credentials', device, signUp }), { type: 'deviceHandedOver' }),
      ).toEqual(
        connectionFlow({
          game: GAME,
          signUp,
          connection: { platform: 'twitch', selection: false, required: true, redirect: null },
          resumeDevice: device,
        }),
      );
      // No platform named: the player picks it.
      expect(transition(deviceFlow(), { type: 'deviceHandedOver' })).toEqual(
        connectionFlow({
          game: GAME,
          connection: { platform: null, selection: true, required: false, redirect: null },
          resumeDevice: DEVICE,
        }),
      );
    },
  ],
  deviceResumed: [
    'the device flow again at device_flow_init, its user flow done',
    () => {
      const signUp = { ...NO_SIGN_UP, email: EMAIL };
      const connected = connectionFlow({
        step: 'account_connection_completed',
        game: GAME,
        signUp,
        resumeDevice: DEVICE,
      });
      expect(transition(connected, { type: 'deviceResumed' })).toEqual(
        deviceFlow({ signUp, device: { ...DEVICE, userFlowDone: true } }),
      );
    },
  ],
  connectionStarted: [
    'starts a connection flow at connection_flow_init, nothing of the flow before',
    () => {
      const connection = { platform: null, selection: true, required: false, redirect: '/account/linked' };
      for (const before of [NO_FLOW, registrationFlow(), deviceFlow()]) {
        expect(transition(before, { type: 'connectionStarted', connection, game: GAME })).toEqual(
          connectionFlow({ game: GAME, connection }),
        );
      }
    },
  ],
  platformChosen: [
    'connection_confirmation for the platform the player picked',
    () => {
      const selecting = connectionFlow({
        connection: { platform: null, selection: true, required: false, redirect: null },
      });
      expect(transition(selecting, { type: 'platformChosen', platform: 'twitch' })).toEqual(
        connectionFlow({
          step: 'connection_confirmation',
          connection: { platform: 'twitch', selection: true, required: false, redirect: null },
        }),
      );
    },
  ],
  connectionRestarted: [
    'back to connection_flow_init, the connection kept',
    () => {
      expect(transition(connectionFlow({ step: 'connection_confirmation' }), { type: 'connectionRestarted' })).toEqual(
        connectionFlow(),
      );
    },
  ],
  connectionEnded: [
    'account_connection_completed: the connection flow is over',
    () => {
      const state = transition(connectionFlow({ step: 'connection_confirmation' }), { type: 'connectionEnded' });
      expect(state).toEqual(connectionFlow({ step: 'account_connection_completed' }));
      expect(gameFlowInProgress(state)).toBe(false);
    },
  ],
  consolidationStarted: [
    "consolidation_init, holding the stub's session while the player signs in",
    () => {
      const claimed = deviceFlow({
        step: 'stub_flow_init',
        device: PASSWORDLESS,
        stub: { ...NO_STUB, platform: 'psn' },
      });
      const state = transition(claimed, { type: 'consolidationStarted', token: 'stub-token', refresh: 'stub-refresh' });
      expect(state).toEqual(consolidating());
      expect(consolidationPending(state)).toBe(true);
      // The browser's own stub (no stub in the flow yet).
      expect(transition(deviceFlow(), { type: 'consolidationStarted', token: 'stub-token', refresh: null })).toEqual(
        deviceFlow({ step: 'consolidation_init', stub: { ...NO_STUB, token: 'stub-token' } }),
      );
    },
  ],
  consolidated: [
    "consolidation_completed, the stub's session dropped, its platform kept for the screens",
    () => {
      const state = transition(consolidating({ choices: { 'starfall-legends': 'keep_old' } }), {
        type: 'consolidated',
      });
      expect(state).toEqual(
        deviceFlow({ step: 'consolidation_completed', device: PASSWORDLESS, stub: { ...NO_STUB, platform: 'psn' } }),
      );
      expect(consolidationPending(state)).toBe(false);
    },
  ],
  saveConflict: [
    'stub_choose_game with the conflicting games, no choice made yet',
    () => {
      const state = transition(consolidating({ choices: { old: 'keep_old' }, choosing: 2 }), {
        type: 'saveConflict',
        conflicts: CONFLICTS,
      });
      expect(state).toEqual({ ...consolidating({ conflicts: CONFLICTS }), step: 'stub_choose_game' });
      expect(consolidationPending(state)).toBe(false);
    },
  ],
  saveChoiceShown: [
    'stub_choose_game, at the game shown',
    () => {
      const choosing = { ...consolidating({ conflicts: CONFLICTS }), step: 'stub_choose_game' } as const;
      expect(transition(choosing, { type: 'saveChoiceShown', index: 0 })).toEqual({
        ...consolidating({ conflicts: CONFLICTS, choosing: 0 }),
        step: 'stub_choose_game',
      });
    },
  ],
  saveChosen: [
    "stub_choose_game, the player's choice for that game kept",
    () => {
      const choosing = { ...consolidating({ conflicts: CONFLICTS, choosing: 0 }), step: 'stub_choose_game' } as const;
      expect(transition(choosing, { type: 'saveChosen', slug: 'starfall-legends', choice: 'squash_conflict' })).toEqual(
        {
          ...consolidating({ conflicts: CONFLICTS, choosing: 0, choices: { 'starfall-legends': 'squash_conflict' } }),
          step: 'stub_choose_game',
        },
      );
    },
  ],
  savesConfirmed: [
    'back to consolidation_init with the choices made',
    () => {
      const chosen = consolidating({ conflicts: CONFLICTS, choosing: 0, choices: { 'starfall-legends': 'keep_old' } });
      const state = transition({ ...chosen, step: 'stub_choose_game' }, { type: 'savesConfirmed' });
      expect(state).toEqual(chosen);
      expect(consolidationPending(state)).toBe(true);
    },
  ],
  stubResumed: [
    "remediation_init: the stub's session back in the browser, its platform kept",
    () => {
      const state = transition(consolidating({ conflicts: CONFLICTS }), { type: 'stubResumed' });
      expect(state).toEqual(
        deviceFlow({ step: 'remediation_init', device: PASSWORDLESS, stub: { ...NO_STUB, platform: 'psn' } }),
      );
      expect(consolidationPending(state)).toBe(false);
      // The address typed to sign in is another account's: the new account does not start with it.
      const signedInAs = consolidating({ conflicts: CONFLICTS });
      const typed = { ...signedInAs, signUp: { ...signedInAs.signUp, email: EMAIL, codeSentTo: EMAIL, code: '123' } };
      expect(transition(typed, { type: 'stubResumed' })).toMatchObject({
        signUp: { email: null, codeSentTo: null, code: '' },
      });
    },
  ],
  stubSettled: [
    'remediation_completed: the console is signed in',
    () => {
      const remediating = deviceFlow({
        step: 'account_created',
        device: PASSWORDLESS,
        stub: { ...NO_STUB, platform: 'psn' },
      });
      expect(transition(remediating, { type: 'stubSettled' })).toEqual({
        ...remediating,
        step: 'remediation_completed',
      });
    },
  ],
  remediationStarted: [
    'remediation_init: the stub becomes a new account, the stub kept',
    () => {
      const claimed = deviceFlow({
        step: 'stub_flow_init',
        device: PASSWORDLESS,
        stub: { ...NO_STUB, platform: 'psn' },
      });
      expect(transition(claimed, { type: 'remediationStarted' })).toEqual({ ...claimed, step: 'remediation_init' });
    },
  ],
  userFlowConnected: [
    'the device flow goes on at the same step, its user-flow platform connected',
    () => {
      const device: DeviceRequest = { ...PASSWORDLESS, userFlowPlatform: 'twitch', userFlowRequired: true };
      const claimed = deviceFlow({ step: 'stub_flow_init', device, stub: { ...NO_STUB, platform: 'psn' } });
      expect(transition(claimed, { type: 'userFlowConnected' })).toEqual({
        ...claimed,
        device: { ...device, userFlowDone: true },
      });
    },
  ],
  ended: [
    'no flow, from any flow',
    () => {
      for (const before of [NO_FLOW, userFlow(), registrationFlow(), oauthFlow(), deviceFlow(), connectionFlow()]) {
        expect(transition(before, { type: 'ended' })).toEqual(NO_FLOW);
      }
    },
  ],
};

describe('each transition row', () => {
  for (const [type, [name, test]] of Object.entries(ROWS)) it(`${type}: ${name}`, test);

  it('has one test per row of TRANSITIONS', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(TRANSITIONS).sort());
  });
});

describe('events a flow refuses', () => {
  const refused = (state: FlowState, event: FlowEvent) =>
    expect(() => transition(state, event)).toThrow(FlowEventRefused);

  it('an event from a flow not in its row', () => {
    refused(userFlow(), { type: 'deviceAuthorized' });
    refused(oauthFlow(), { type: 'platformChosen', platform: 'twitch' });
    refused(deviceFlow(), { type: 'oauthRetried' });
    refused(registrationFlow(), { type: 'connectionEnded' });
    refused(connectionFlow(), { type: 'saveConflict', conflicts: CONFLICTS });
    // A new password is set only in the user flow that opened the reset link.
    refused(NO_FLOW, { type: 'passwordUpdated' });
    refused(registrationFlow(), { type: 'passwordUpdated' });
    refused(userFlow(), { type: 'remediationStarted' });
    refused(NO_FLOW, { type: 'deviceResumed' });
  });

  it('an event that needs data the flow does not have', () => {
    // A connection not handed over by a device flow has no device to go on with.
    refused(connectionFlow({ step: 'account_connection_completed' }), { type: 'deviceResumed' });
    // No stub in the device flow: nothing to consolidate, choose or resume.
    refused(deviceFlow(), { type: 'consolidated' });
    refused(deviceFlow(), { type: 'saveConflict', conflicts: CONFLICTS });
    refused(deviceFlow(), { type: 'stubResumed' });
    // A step event with no flow under way.
    refused(NO_FLOW, { type: 'credentialsAsked' });
    refused(NO_FLOW, { type: 'signUpChanged', patch: { code: '1' } });
  });

  it('an event whose result is no valid state', () => {
    refused(registrationFlow(), {
      type: 'ageAndLocationGiven',
      age: { dob: '02/01/2000', age: null, country: 'FR', territory: null },
    });
    refused(NO_FLOW, { type: 'signUpStarted', email: EMAIL, game: null, prefill: { country: 'france' } });
    refused(NO_FLOW, {
      type: 'connectionStarted',
      game: null,
      connection: { ...connectionFlow().connection, redirect: '//evil.example' },
    });
  });

  it('FlowStore.send answers false and changes nothing, stored or read', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = new FlowStore();
    expect(store.send({ type: 'oauthRequested', request: REQUEST, game: GAME })).toBe(true);
    const before = store.get();
    const stored = window.sessionStorage.getItem('portal.flow');
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.send({ type: 'deviceAuthorized' })).toBe(false);
    expect(store.send({ type: 'connectionEnded' })).toBe(false);
    expect(store.get()).toBe(before);
    expect(window.sessionStorage.getItem('portal.flow')).toBe(stored);
    expect(listener).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});

describe('the flow read back from sessionStorage', () => {
  it('a tampered or stale value reads as no flow', () => {
    const valid = oauthFlow({ step: 'login_init' });
    for (const value of [
      // A step of another flow.
      { ...valid, step: 'device_flow_init' },
      { ...deviceFlow(), step: 'oauth_error' },
      // Data of another flow, or missing.
      { ...userFlow(), request: REQUEST, flow: 'oauth', error: 'not-an-error' },
      { flow: 'device', step: 'device_flow_init', game: GAME, signUp: NO_SIGN_UP },
      { ...connectionFlow(), connection: { ...connectionFlow().connection, redirect: '//evil.example' } },
      { flow: 'beta', step: null },
      'oauth',
      42,
      null,
      undefined,
    ]) {
      expect(parseFlowState(value), JSON.stringify(value)).toEqual(NO_FLOW);
    }
    window.sessionStorage.setItem('portal.flow', JSON.stringify({ ...valid, step: 'device_flow_init' }));
    expect(new FlowStore().get()).toEqual(NO_FLOW);
    window.sessionStorage.setItem('portal.flow', '{"flow":"oauth",');
    expect(new FlowStore().get()).toEqual(NO_FLOW);
  });

  it('a state stored before issue 30 (no restriction) still reads, without a notice', () => {
    const { restriction: _o, ...oldOauth } = oauthFlow({ step: 'oauth_error', error: 'unknown_error' });
    const { restriction: _d, ...oldDevice } = deviceFlow({ problem: 'failed' });
    expect(parseFlowState(oldOauth)).toEqual(oauthFlow({ step: 'oauth_error', error: 'unknown_error' }));
    expect(parseFlowState(oldDevice)).toEqual(deviceFlow({ problem: 'failed' }));
  });

  it('a valid state survives a reload', () => {
    const store = new FlowStore();
    store.send({ type: 'stubClaimed', device: PASSWORDLESS, game: GAME, prefill: { country: 'FR' }, platform: 'psn' });
    store.send({ type: 'consolidationStarted', token: 'stub-token', refresh: 'stub-refresh' });
    store.send({ type: 'saveConflict', conflicts: CONFLICTS });
    store.send({ type: 'saveChosen', slug: 'starfall-legends', choice: 'keep_old' });
    const reloaded = new FlowStore().get();
    expect(reloaded).toEqual(store.get());
    expect(reloaded).toEqual(
      deviceFlow({
        step: 'stub_choose_game',
        device: PASSWORDLESS,
        signUp: { ...NO_SIGN_UP, country: 'FR' },
        stub: {
          ...NO_STUB,
          platform: 'psn',
          token: 'stub-token',
          refresh: 'stub-refresh',
          conflicts: CONFLICTS,
          choices: { 'starfall-legends': 'keep_old' },
        },
      }),
    );
    // Ended: nothing is stored, a reload has no flow.
    store.send({ type: 'ended' });
    expect(window.sessionStorage.getItem('portal.flow')).toBeNull();
    expect(new FlowStore().get()).toEqual(NO_FLOW);
  });
});

// `send` chains events for tests that read better as a sequence.
describe('a whole flow, event by event', () => {
  it('a device flow hands over to its connection and goes on afterwards', () => {
    const device: DeviceRequest = { ...DEVICE, userFlowPlatform: 'twitch', userFlowRequired: true };
    const state = send(
      NO_FLOW,
      { type: 'deviceApproved', device, game: GAME, prefill: {} },
      { type: 'signInStarted', email: EMAIL },
      { type: 'credentialsAsked' },
      { type: 'deviceHandedOver' },
      { type: 'connectionEnded' },
      { type: 'deviceResumed' },
    );
    expect(state).toEqual(
      deviceFlow({
        step: 'device_flow_init',
        signUp: { ...NO_SIGN_UP, email: EMAIL },
        device: { ...device, userFlowDone: true },
      }),
    );
  });
});

// Two bugs the table had (found by these tests): an ended game flow came back after a sign-in step.
describe('a game flow that has ended stays ended', () => {
  it('an OAuth request ended by its error is not pending again after a sign-in step', () => {
    // A step event after oauth_error (an automatic sign-in then its credentials step, or the second
    // step of a sign-in) must not bring the failed request back: rule 15 would authorize it.
    const failed = transition(oauthFlow(), { type: 'oauthFailed', error: 'invalid_redirect_uri' });
    expect(pendingOauth(send(failed, { type: 'signInStarted', email: null }, { type: 'credentialsAsked' }))).toBe(
      false,
    );
    expect(pendingOauth(send(failed, { type: 'twoFactorPending' }))).toBe(false);
  });

  it('an authorized device is not authorized again after the player signs in again', () => {
    // Leaving device_flow_authorization must not revive the device flow: rule 16 would send the
    // player to authorize its used code again.
    const authorized = transition(deviceFlow(), { type: 'deviceAuthorized' });
    expect(gameFlowInProgress(transition(authorized, { type: 'signInStarted', email: EMAIL }))).toBe(false);
    expect(gameFlowInProgress(transition(authorized, { type: 'twoFactorPending' }))).toBe(false);
  });
});
