// A sign-in the server no longer knows (ended from another device's /security, revoked with a game's
// access, idle too long, or expired): the tab is signed out, and the sign-in page it lands on says so
// once, instead of appearing for no reason (issue 31).
import { KEYS, storage } from '../storage.ts';

export function keepSessionEnded(): void {
  storage.set('session', KEYS.sessionEnded, '1');
}

/** Whether this tab was signed out by the server since the last look; the mark is cleared. */
export function takeSessionEnded(): boolean {
  const ended = storage.get('session', KEYS.sessionEnded) === '1';
  if (ended) storage.set('session', KEYS.sessionEnded, null);
  return ended;
}
