// What the continue-registration decision and the screens read of the flow state: pure questions
// over the typed state (rules 6, 10, 12-16, 18-20).
import type { DeviceRequest, FlowOf, FlowState, GameFacts, SignUpData } from './flow-state.ts';
import { NO_SIGN_UP } from './flow-state.ts';

/** The flow's sign-up data, or nothing typed yet. */
export const signUpOf = (state: FlowState): SignUpData => (state.flow === null ? NO_SIGN_UP : state.signUp);

/** The game the flow signs the player in to, if any. */
export const gameOf = (state: FlowState): GameFacts | null => (state.flow === null ? null : state.game);

/** Rule 15: an OAuth request waits for the signed-in player (not yet ended by an error). */
export function pendingOauth(state: FlowState): boolean {
  return state.flow === 'oauth' && state.step !== 'oauth_error' && state.error === null && state.request !== null;
}

/** The device of a device flow still under way (not ended by a problem). */
export function activeDevice(state: FlowState): DeviceRequest | null {
  return state.flow === 'device' && state.problem === null ? state.device : null;
}

/** Rules 13, 14 and 16: the auth type of the device being authorized, while there is one. */
export function deviceAuthType(state: FlowState): 'device' | 'passwordless' | null {
  return activeDevice(state)?.authType ?? null;
}

/** A connection flow that has not ended (its result, or the player's skip, ends it). */
export function connectionInProgress(state: FlowState): state is FlowOf<'connection'> {
  return state.flow === 'connection' && state.step !== 'account_connection_completed';
}

/**
 * A game flow still under way: the sign-in and registration screens keep it (and show its game)
 * instead of starting their own. An OAuth error, an authorized device or a device error has ended it;
 * a connection flow ends with its result.
 */
export function gameFlowInProgress(state: FlowState): boolean {
  if (pendingOauth(state) || connectionInProgress(state)) return true;
  return state.flow === 'device' && deviceAuthType(state) !== null && state.step !== 'device_flow_authorization';
}

/** Rule 10: a stub waits to move into the signed-in account (the sign-in of the consolidation is done). */
export function consolidationPending(state: FlowState): boolean {
  return state.flow === 'device' && Boolean(state.stub?.token) && state.step !== 'stub_choose_game';
}
