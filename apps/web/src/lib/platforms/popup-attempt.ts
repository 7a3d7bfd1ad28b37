// The platform sign-in under way in a popup, one at a time for the whole page: the pages show it
// ("Waiting for PlayStation Network… Cancel") and keep every other platform button disabled meanwhile.
// A new attempt ends the one before it (cancelled), and so does the player's Cancel.
import type { PlatformId } from '@portal/contract/data/platforms';
import { useSyncExternalStore } from 'react';

export interface PopupAttempt {
  readonly id: number;
  readonly platform: PlatformId;
  /** What had the focus when the attempt began (the button clicked): it gets it back after the wait. */
  readonly trigger: Element | null;
}

let current: { attempt: PopupAttempt; cancel: () => void } | null = null;
let lastId = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Starts an attempt (ending the one under way); `cancel` ends it as cancelled. */
export function beginPopupAttempt(
  platform: PlatformId,
  cancel: () => void,
  trigger: Element | null = null,
): PopupAttempt {
  current?.cancel();
  const attempt = { id: ++lastId, platform, trigger };
  current = { attempt, cancel };
  changed();
  return attempt;
}

/** The attempt has its outcome: nothing is under way any more (unless a newer one is). */
export function finishPopupAttempt(attempt: PopupAttempt): void {
  if (current?.attempt.id !== attempt.id) return;
  current = null;
  changed();
}

/** Cancels the attempt under way (only `attempt` when given: a finished one is left alone). */
export function cancelPopupAttempt(attempt?: PopupAttempt): void {
  if (current && (!attempt || current.attempt.id === attempt.id)) current.cancel();
}

export function currentPopupAttempt(): PopupAttempt | null {
  return current?.attempt ?? null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The attempt under way, or null; the component renders again when it starts or ends. */
export function usePopupAttempt(): PopupAttempt | null {
  return useSyncExternalStore(subscribe, currentPopupAttempt, currentPopupAttempt);
}
