// The auth flows' transitions, as data (ADR 013): screens send events; this table alone decides the
// flow's next state. Each row names the flows that accept the event, the step it leads to, and what
// it changes of the flow's data. The continue-registration decision (continue-registration.ts) then
// says where the player goes. docs/flows/web-flows.md draws this table (a test checks it matches).
import type {
  ActiveFlow,
  AuthFlow,
  ConnectionData,
  DeviceProblem,
  DeviceRequest,
  FlowState,
  FlowStep,
  GameFacts,
  OAuthErrorName,
  OAuthFlowRequest,
  SaveChoice,
  SignUpData,
  StubData,
} from './flow-state.ts';
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { flowAllows, flowState, NO_FLOW, NO_SIGN_UP } from './flow-state.ts';
import { gameFlowInProgress, signUpOf } from './flow-facts.ts';
import type { GameConflictBody } from '@portal/contract/calls/game-conflict';

/** Age, location and the sign-up link's defaults (registration_defaults, `ref`). */
export type SignUpPrefill = Partial<Pick<SignUpData, 'dob' | 'age' | 'country' | 'territory' | 'ref'>>;

export type FlowEvent =
  /** A sign-in starts (the email typed, or none: a platform's or a reset link's automatic sign-in). */
  | { type: 'signInStarted'; email: string | null }
  /** The password or emailed-code step of the sign-in shows. */
  | { type: 'credentialsAsked' }
  /** The stored session waits for its second step (a reload at /two-factor). */
  | { type: 'twoFactorPending' }
  /** A password reset link was opened and its token holds (rule 3). */
  | { type: 'resetLinkOpened'; token: string }
  /** A reset link's new password is set (rule 3). */
  | { type: 'passwordUpdated' }
  /** An email verification link opened without a session (rule 2). */
  | { type: 'anonymousEmailVerified' }
  /** A signed-in player's email must be verified before going on (rule 12). */
  | { type: 'emailVerificationAsked' }
  /** The sign-up's email is given: registration starts, or goes on inside a game's flow. */
  | { type: 'signUpStarted'; email: string; game: GameFacts | null; prefill: SignUpPrefill }
  /** What the sign-up screens keep as the player types (the code mailed, the code, the consents). */
  | {
      type: 'signUpChanged';
      patch: Partial<Pick<SignUpData, 'codeSentTo' | 'code' | 'terms' | 'marketing' | 'dobTyped'>>;
    }
  | { type: 'ageGated' }
  | {
      type: 'ageAndLocationGiven';
      age: Pick<SignUpData, 'dob' | 'age' | 'country' | 'territory'>;
    }
  | { type: 'accountCreated' }
  /** A stub became a full account (remediation): from a passwordless device, or the browser's stub. */
  | { type: 'stubCompleted' }
  | { type: 'displayNameChosen' }
  | { type: 'oauthRequested'; request: OAuthFlowRequest; game: GameFacts | null }
  | { type: 'oauthFailed'; error: OAuthErrorName; restriction?: RestrictionNotice | null }
  | { type: 'oauthRetried' }
  | { type: 'deviceApproved'; device: DeviceRequest; game: GameFacts | null; prefill: SignUpPrefill }
  | {
      type: 'stubClaimed';
      device: DeviceRequest;
      game: GameFacts | null;
      prefill: SignUpPrefill;
      platform: string | null;
    }
  | { type: 'deviceFailed'; problem: DeviceProblem; restriction?: RestrictionNotice | null }
  | { type: 'deviceAuthorized' }
  /** A device flow's user flow connects its platform first; the device flow goes on afterwards. */
  | { type: 'deviceHandedOver' }
  /** The connection is over: the device flow goes on, its user flow done. */
  | { type: 'deviceResumed' }
  | { type: 'connectionStarted'; connection: ConnectionData; game: GameFacts | null }
  | { type: 'platformChosen'; platform: NonNullable<ConnectionData['platform']> }
  | { type: 'connectionRestarted' }
  | { type: 'connectionEnded' }
  /** "Sign in to my account": the stub's session moves into the flow, to be moved into the account. */
  | { type: 'consolidationStarted'; token: string; refresh: string | null }
  | { type: 'consolidated' }
  | { type: 'saveConflict'; conflicts: GameConflictBody }
  | { type: 'saveChoiceShown'; index: number }
  | { type: 'saveChosen'; slug: string; choice: SaveChoice }
  /** Every choice is made: the consolidation goes on with them (rule 10). */
  | { type: 'savesConfirmed' }
  /** Back to the stub's own session, to make it a new account instead. */
  | { type: 'stubResumed' }
  /** A stub completed from a passwordless device: its console is signed in now. */
  | { type: 'stubSettled' }
  /** "Create a new account" from the stub, for a game that registers without credentials (rule 4). */
  | { type: 'remediationStarted' }
  /** The stub connected its game's user-flow platform (rule 6): the stub flow goes on. */
  | { type: 'userFlowConnected' }
  | { type: 'ended' };

export type FlowEventType = FlowEvent['type'];
type EventOf<T extends FlowEventType> = Extract<FlowEvent, { type: T }>;

/** Where an event leads: a step, another flow (at a step), or the end of the flow. */
export type Target = FlowStep | 'end' | 'same';

export interface Transition<T extends FlowEventType> {
  /**
   * The flows that accept the event ('none': when no flow is under way; 'any': any flow, and no flow
   * when the row can start one).
   */
  from: readonly (AuthFlow | 'none')[] | 'any';
  /** The step it leads to, for the diagram ('same': the step does not change). */
  to: Target;
  /** The flow it leads to when it starts or switches one. */
  flow?: AuthFlow | 'kept or user-flow' | 'kept or registration';
  apply: (state: FlowState, event: EventOf<T>) => FlowState;
}

const active = (state: FlowState): ActiveFlow => {
  if (state.flow === null) throw new Error('no flow under way');
  return state;
};
const at = (state: FlowState, step: FlowStep): FlowState => ({ ...active(state), step }) as FlowState;
const withSignUp = (state: FlowState, patch: Partial<SignUpData>): FlowState =>
  ({ ...active(state), signUp: { ...active(state).signUp, ...patch } }) as FlowState;
const userFlow = (step: FlowStep, signUp: Partial<SignUpData> = {}, resetToken: string | null = null): FlowState =>
  ({ flow: 'user-flow', step, game: null, signUp: { ...NO_SIGN_UP, ...signUp }, resetToken }) as FlowState;
const device = (state: FlowState) => {
  if (state.flow !== 'device') throw new Error('not a device flow');
  return state;
};
const stub = (state: FlowState): StubData => {
  const found = device(state).stub;
  if (!found) throw new Error('no stub in the flow');
  return found;
};
const NO_STUB: StubData = { token: null, refresh: null, platform: null, conflicts: null, choices: {}, choosing: null };

/** What a sign-up started again keeps: the code mailed to the same address (issue 28). */
function keptCodeSent(previous: SignUpData, email: string): Pick<SignUpData, 'codeSentTo'> {
  const sentTo = previous.codeSentTo;
  return { codeSentTo: sentTo !== null && sentTo.toLowerCase() === email.toLowerCase() ? email : null };
}

export const TRANSITIONS: { [T in FlowEventType]: Transition<T> } = {
  signInStarted: {
    from: 'any',
    to: 'login_init',
    flow: 'kept or user-flow',
    apply: (state, { email }) => {
      const signUp = email === null ? {} : { email };
      if (gameFlowInProgress(state)) return withSignUp(at(state, 'login_init'), signUp);
      // An automatic sign-in (no email) keeps a flow already under way.
      if (email === null && state.flow !== null) return state;
      return userFlow('login_init', signUp);
    },
  },
  credentialsAsked: { from: 'any', to: 'login_credentials', apply: (state) => at(state, 'login_credentials') },
  twoFactorPending: {
    from: 'any',
    to: 'two_factor_init',
    flow: 'kept or user-flow',
    // The flow of the sign-in goes on to its second step; a game's flow that has ended does not.
    apply: (state) =>
      gameFlowInProgress(state) || state.flow === 'user-flow' || state.flow === 'registration'
        ? at(state, 'two_factor_init')
        : userFlow('two_factor_init'),
  },
  resetLinkOpened: {
    from: 'any',
    to: 'reset_password_init',
    flow: 'user-flow',
    apply: (state, { token }) => userFlow('reset_password_init', { email: signUpOf(state).email }, token),
  },
  passwordUpdated: {
    from: ['user-flow'],
    to: 'update_password',
    apply: (state) => at(state, 'update_password'),
  },
  anonymousEmailVerified: {
    from: 'any',
    to: 'anonymous_email_verification_init',
    flow: 'user-flow',
    apply: () => userFlow('anonymous_email_verification_init'),
  },
  emailVerificationAsked: {
    from: 'any',
    to: 'email_verification_init',
    flow: 'kept or user-flow',
    apply: (state) =>
      state.flow === null ? userFlow('email_verification_init') : at(state, 'email_verification_init'),
  },
  signUpStarted: {
    from: 'any',
    to: 'registration_init',
    flow: 'kept or registration',
    apply: (state, { email, game, prefill }) => {
      const previous = signUpOf(state);
      const signUp: SignUpData = {
        ...previous,
        ...prefill,
        ...keptCodeSent(previous, email),
        email,
        code: previous.email?.toLowerCase() === email.toLowerCase() ? previous.code : '',
      };
      if (gameFlowInProgress(state) && state.flow !== null) {
        return { ...state, step: 'registration_init', signUp, game: game ?? state.game } as FlowState;
      }
      return { flow: 'registration', step: 'registration_init', game, signUp };
    },
  },
  signUpChanged: { from: 'any', to: 'same', apply: (state, { patch }) => withSignUp(state, patch) },
  ageGated: { from: 'any', to: 'age_gate_error', apply: (state) => at(state, 'age_gate_error') },
  ageAndLocationGiven: {
    from: 'any',
    to: 'age_and_location',
    apply: (state, { age }) => withSignUp(at(state, 'age_and_location'), age),
  },
  accountCreated: { from: 'any', to: 'account_created', apply: (state) => at(state, 'account_created') },
  stubCompleted: {
    from: 'any',
    to: 'remediation_completed',
    apply: (state) =>
      at(
        state,
        state.flow === 'device' && state.device.authType === 'passwordless'
          ? 'remediation_completed'
          : 'account_created',
      ),
  },
  displayNameChosen: {
    from: 'any',
    to: 'success_account_creation',
    apply: (state) => at(state, 'success_account_creation'),
  },
  oauthRequested: {
    from: 'any',
    to: 'same',
    flow: 'oauth',
    apply: (_, { request, game }) => ({
      flow: 'oauth',
      step: null,
      game,
      signUp: NO_SIGN_UP,
      request,
      error: null,
      restriction: null,
    }),
  },
  oauthFailed: {
    from: 'any',
    to: 'oauth_error',
    flow: 'oauth',
    // A request already kept stays, so that it can be tried again.
    apply: (state, { error, restriction = null }) =>
      state.flow === 'oauth'
        ? { ...state, step: 'oauth_error', error, restriction }
        : { flow: 'oauth', step: 'oauth_error', game: null, signUp: NO_SIGN_UP, request: null, error, restriction },
  },
  oauthRetried: {
    from: ['oauth'],
    to: 'same',
    apply: (state) => (state.flow === 'oauth' ? { ...state, step: null, error: null, restriction: null } : state),
  },
  deviceApproved: {
    from: 'any',
    to: 'device_flow_init',
    flow: 'device',
    apply: (_, { device: request, game, prefill }) => ({
      flow: 'device',
      step: 'device_flow_init',
      game,
      signUp: { ...NO_SIGN_UP, ...prefill },
      device: request,
      problem: null,
      restriction: null,
      stub: null,
    }),
  },
  stubClaimed: {
    from: 'any',
    to: 'stub_flow_init',
    flow: 'device',
    apply: (_, { device: request, game, prefill, platform }) => ({
      flow: 'device',
      step: 'stub_flow_init',
      game,
      signUp: { ...NO_SIGN_UP, ...prefill },
      device: request,
      problem: null,
      restriction: null,
      stub: { ...NO_STUB, platform },
    }),
  },
  deviceFailed: {
    from: ['device'],
    to: 'same',
    apply: (state, { problem, restriction = null }) => ({ ...device(state), problem, restriction }),
  },
  deviceAuthorized: {
    from: ['device'],
    to: 'device_flow_authorization',
    apply: (state) => at(state, 'device_flow_authorization'),
  },
  deviceHandedOver: {
    from: ['device'],
    to: 'connection_flow_init',
    flow: 'connection',
    apply: (state) => {
      const { device: request, game, signUp } = device(state);
      return {
        flow: 'connection',
        step: 'connection_flow_init',
        game,
        signUp,
        connection: {
          platform: request.userFlowPlatform,
          selection: request.userFlowPlatform === null,
          required: request.userFlowRequired,
          redirect: null,
        },
        resumeDevice: request,
      };
    },
  },
  deviceResumed: {
    from: ['connection'],
    to: 'device_flow_init',
    flow: 'device',
    apply: (state) => {
      if (state.flow !== 'connection' || !state.resumeDevice) throw new Error('no device flow to go on with');
      return {
        flow: 'device',
        step: 'device_flow_init',
        game: state.game,
        signUp: state.signUp,
        device: { ...state.resumeDevice, userFlowDone: true },
        problem: null,
        restriction: null,
        stub: null,
      };
    },
  },
  connectionStarted: {
    from: 'any',
    to: 'connection_flow_init',
    flow: 'connection',
    apply: (_, { connection, game }) => ({
      flow: 'connection',
      step: 'connection_flow_init',
      game,
      signUp: NO_SIGN_UP,
      connection,
      resumeDevice: null,
    }),
  },
  platformChosen: {
    from: ['connection'],
    to: 'connection_confirmation',
    apply: (state, { platform }) =>
      state.flow === 'connection'
        ? { ...state, step: 'connection_confirmation', connection: { ...state.connection, platform } }
        : state,
  },
  connectionRestarted: {
    from: ['connection'],
    to: 'connection_flow_init',
    apply: (state) => at(state, 'connection_flow_init'),
  },
  connectionEnded: {
    from: ['connection'],
    to: 'account_connection_completed',
    apply: (state) => at(state, 'account_connection_completed'),
  },
  consolidationStarted: {
    from: ['device'],
    to: 'consolidation_init',
    apply: (state, { token, refresh }) => ({
      ...device(state),
      step: 'consolidation_init',
      stub: { ...(device(state).stub ?? NO_STUB), token, refresh },
    }),
  },
  consolidated: {
    from: ['device'],
    to: 'consolidation_completed',
    apply: (state) => ({
      ...device(state),
      step: 'consolidation_completed',
      stub: { ...NO_STUB, platform: stub(state).platform },
    }),
  },
  saveConflict: {
    from: ['device'],
    to: 'stub_choose_game',
    apply: (state, { conflicts }) => ({
      ...device(state),
      step: 'stub_choose_game',
      stub: { ...stub(state), conflicts, choices: {}, choosing: null },
    }),
  },
  saveChoiceShown: {
    from: ['device'],
    to: 'stub_choose_game',
    apply: (state, { index }) => ({
      ...device(state),
      step: 'stub_choose_game',
      stub: { ...stub(state), choosing: index },
    }),
  },
  saveChosen: {
    from: ['device'],
    to: 'stub_choose_game',
    apply: (state, { slug, choice }) => ({
      ...device(state),
      step: 'stub_choose_game',
      stub: { ...stub(state), choices: { ...stub(state).choices, [slug]: choice } },
    }),
  },
  savesConfirmed: {
    from: ['device'],
    to: 'consolidation_init',
    apply: (state) => at(state, 'consolidation_init'),
  },
  stubResumed: {
    from: ['device'],
    to: 'remediation_init',
    // The address typed to sign in belongs to another account: the new account starts without it.
    apply: (state) => ({
      ...device(state),
      step: 'remediation_init',
      signUp: { ...device(state).signUp, email: null, codeSentTo: null, code: '' },
      stub: { ...NO_STUB, platform: stub(state).platform },
    }),
  },
  stubSettled: {
    from: ['device'],
    to: 'remediation_completed',
    apply: (state) => at(state, 'remediation_completed'),
  },
  remediationStarted: {
    from: ['device'],
    to: 'remediation_init',
    apply: (state) => at(state, 'remediation_init'),
  },
  userFlowConnected: {
    from: ['device'],
    to: 'same',
    apply: (state) => ({ ...device(state), device: { ...device(state).device, userFlowDone: true } }),
  },
  ended: { from: 'any', to: 'end', apply: () => NO_FLOW },
};

/** Why an event was refused: the flow does not take it, or the state it would lead to is not one. */
export class FlowEventRefused extends Error {}

/** The state after an event: the one place that decides it. Throws FlowEventRefused when refused. */
export function transition(state: FlowState, event: FlowEvent): FlowState {
  const row = TRANSITIONS[event.type] as Transition<FlowEventType>;
  const flow = state.flow ?? 'none';
  if (row.from !== 'any' && !row.from.includes(flow)) {
    throw new FlowEventRefused(`${event.type} is not taken in ${flow}`);
  }
  let next: FlowState;
  try {
    next = row.apply(state, event);
  } catch (error) {
    throw new FlowEventRefused(`${event.type} in ${flow}: ${(error as Error).message}`);
  }
  const parsed = flowState.safeParse(next);
  if (!parsed.success || (next.flow !== null && !flowAllows(next.flow, next.step))) {
    throw new FlowEventRefused(`${event.type} in ${flow} leads to no valid state`);
  }
  return parsed.data;
}

/** The device flow's data to go on with after its connection ended, or null for another flow. */
export const resumableDevice = (state: FlowState): DeviceRequest | null =>
  state.flow === 'connection' ? state.resumeDevice : null;
