// The auth flow and its step (spec 000 §4), kept in sessionStorage so a reload mid-flow continues.
import { KEYS, storage } from '../lib/storage.ts';

export const AUTH_FLOWS = [
  'registration',
  'device',
  'device-auth',
  'user-flow',
  'oauth',
  'beta',
  'connection',
  'connect-platform-selection',
] as const;
export type AuthFlow = (typeof AUTH_FLOWS)[number];

export const FLOW_STEPS = [
  'age_gate_error',
  'account_created',
  'age_and_location',
  'account_connection_completed',
  'update_password',
  'success_account_creation',
  'device_flow_authorization',
  'remediation_completed',
  'consolidation_completed',
  'login_credentials',
  'consolidation_init',
  'registration_init',
  'login_init',
  'two_factor_init',
  'reset_password_init',
  'email_verification_init',
  'device_flow_init',
  'stub_flow_init',
  'remediation_init',
  'anonymous_email_verification_init',
  'stub_choose_game',
  'oauth_error',
  'connection_confirmation',
  'connection_flow_init',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

export interface FlowState {
  flow: AuthFlow | null;
  step: FlowStep | null;
  /** Data the flow carries between its screens (email, game slug, ...). */
  data: Record<string, string>;
}

const EMPTY: FlowState = { flow: null, step: null, data: {} };

function read(): FlowState {
  const stored = storage.getJson<FlowState>('session', KEYS.flow);
  if (!stored) return EMPTY;
  const flow = AUTH_FLOWS.includes(stored.flow as AuthFlow) ? stored.flow : null;
  const step = FLOW_STEPS.includes(stored.step as FlowStep) ? stored.step : null;
  return { flow, step, data: typeof stored.data === 'object' && stored.data !== null ? stored.data : {} };
}

type Listener = () => void;

export class FlowStore {
  #state: FlowState = read();
  readonly #listeners = new Set<Listener>();

  get = (): FlowState => this.#state;

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #set(state: FlowState) {
    this.#state = state;
    storage.setJson('session', KEYS.flow, state.flow === null ? null : state);
    for (const listener of this.#listeners) listener();
  }

  start(flow: AuthFlow, step: FlowStep | null = null, data: Record<string, string> = {}) {
    this.#set({ flow, step, data });
  }

  setStep(step: FlowStep, data: Record<string, string> = {}) {
    this.#set({ ...this.#state, step, data: { ...this.#state.data, ...data } });
  }

  /** Sets data of the flow under way, on the step it is at (a key set to null is removed). */
  setData(data: Record<string, string | null>) {
    if (this.#state.flow === null) return;
    const merged = Object.entries({ ...this.#state.data, ...data });
    const next = Object.fromEntries(merged.filter((entry): entry is [string, string] => entry[1] !== null));
    this.#set({ ...this.#state, data: next });
  }

  end() {
    this.#set(EMPTY);
  }

  get active(): boolean {
    return this.#state.flow !== null;
  }
}

/** Age gate state (spec 000 §2 guard 7), kept for the session so it survives a reload. */
export const ageGate = {
  get: (): boolean => storage.get('session', KEYS.ageGate) === 'true',
  set: (gated: boolean) => storage.set('session', KEYS.ageGate, gated ? 'true' : null),
};
