// The words of each action: its button, the button's accessible name (naming the player), what the
// status line says once it is done, and, for the actions asked first, the confirmation.
import type { MessageKey } from '../../lib/i18n/messages.ts';
import type { FriendActionKind, FriendOutcome } from './friend-changes.ts';

export const ACTION_TEXT: Record<FriendActionKind, { label: MessageKey; named: MessageKey; done: MessageKey }> = {
  invite: { label: 'friends.sendRequest', named: 'friends.sendRequestTo', done: 'friends.doneInvite' },
  accept: { label: 'friends.accept', named: 'friends.acceptFrom', done: 'friends.doneAccept' },
  decline: { label: 'friends.decline', named: 'friends.declineFrom', done: 'friends.doneDecline' },
  cancel: { label: 'friends.cancelRequest', named: 'friends.cancelRequestTo', done: 'friends.doneCancel' },
  unfriend: { label: 'friends.unfriend', named: 'friends.unfriendName', done: 'friends.doneUnfriend' },
  block: { label: 'friends.block', named: 'friends.blockName', done: 'friends.doneBlock' },
  unblock: { label: 'friends.unblock', named: 'friends.unblockName', done: 'friends.doneUnblock' },
};

/** The actions asked first ("confirm friend action"): the modal's title and text. */
export const CONFIRM_TEXT: Partial<Record<FriendActionKind, { title: MessageKey; body: MessageKey; danger: boolean }>> =
  {
    unfriend: { title: 'friends.unfriendTitle', body: 'friends.unfriendBody', danger: true },
    block: { title: 'friends.blockTitle', body: 'friends.blockBody', danger: true },
    decline: { title: 'friends.declineTitle', body: 'friends.declineBody', danger: true },
    unblock: { title: 'friends.unblockTitle', body: 'friends.unblockBody', danger: false },
  };

/** What the status line says: an invitation the other player had already sent you makes you friends. */
export function doneText(outcome: FriendOutcome): MessageKey {
  if (outcome.action.kind === 'invite' && outcome.invitation?.state === 'accepted') return ACTION_TEXT.accept.done;
  return ACTION_TEXT[outcome.action.kind].done;
}
