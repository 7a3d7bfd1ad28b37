// What the game of the flow changes on the display-name screen ("Your Account Has Been Created!",
// spec 000 §2): whether the name may be changed (is_username_editable), the game's
// account_creation_success_message, and "return to the game" (its success_redirect, http(s) only).
// The return is offered only where finishing the flow does not take the player back to the game
// itself: an OAuth request is answered, a device authorized and a connection made after this screen.
import type { GameConfig } from '@portal/contract/calls/games';
import { connectionInProgress, deviceAuthType, gameOf, pendingOauth } from '../../flows/flow-facts.ts';
import type { FlowState } from '../../flows/flow-state.ts';
import { gameReturnUrl } from '../../lib/game-redirect.ts';

export interface DisplayNameGame {
  /** False: the generated name is shown, without a field or another suggestion. */
  editable: boolean;
  /** The game's message for a new account, in the player's language. */
  message: string | null;
  /** The game's own address, and its name, for "Return to {game}". */
  returnTo: { url: string; game: string } | null;
}

/** `config`: the flow game's config (undefined while it loads, null without one). */
export function displayNameGame(
  state: FlowState,
  config: GameConfig | null | undefined,
  language: string,
): DisplayNameGame {
  const facts = gameOf(state);
  const editable = facts?.isUsernameEditable ?? true;
  if (!facts || !config) return { editable, message: null, returnTo: null };
  const ux = config.user_experience;
  const returnsItself = pendingOauth(state) || deviceAuthType(state) === 'device' || connectionInProgress(state);
  const url = returnsItself ? null : gameReturnUrl(ux.success_redirect);
  return {
    editable,
    message: ux.account_creation_success_message?.resolve(language) ?? null,
    returnTo: url ? { url, game: ux.display_name.resolve(language) || facts.name } : null,
  };
}
