// The auth flow under way (spec 000 §4), kept in sessionStorage so that a reload mid-flow continues.
// Screens send events (flow-events.ts); the store applies the transition table and tells its
// listeners. What is read back from storage is parsed (flow-state.ts): a stale or tampered value
// starts over with no flow.
import { KEYS, storage } from '../lib/storage.ts';
import type { FlowEvent } from './flow-events.ts';
import { FlowEventRefused, transition } from './flow-events.ts';
import type { FlowState } from './flow-state.ts';
import { parseFlowState } from './flow-state.ts';

type Listener = () => void;

export class FlowStore {
  #state: FlowState = parseFlowState(storage.getJson<unknown>('session', KEYS.flow));
  readonly #listeners = new Set<Listener>();

  get = (): FlowState => this.#state;

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /**
   * Applies an event. An event the flow does not take changes nothing and answers false (logged: it
   * is a bug of the screen that sent it).
   */
  send(event: FlowEvent): boolean {
    let next: FlowState;
    try {
      next = transition(this.#state, event);
    } catch (error) {
      if (!(error instanceof FlowEventRefused)) throw error;
      console.error(error.message);
      return false;
    }
    this.#state = next;
    storage.setJson('session', KEYS.flow, next.flow === null ? null : next);
    for (const listener of this.#listeners) listener();
    return true;
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
