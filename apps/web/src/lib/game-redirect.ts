// A game's success_redirect (spec 000 §3 "Current auth game"): the game's own address the portal may
// send the player back to, an absolute http(s) URL only (never a script or a path of ours).
import type { GameConfig } from '@portal/contract/calls/games';

export function gameReturnUrl(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) && URL.canParse(url) ? url : null;
}

/** Where the game sends the player back, and after how many seconds (null: only a link). */
export function successRedirect(game: GameConfig | null): { url: string; seconds: number | null } | null {
  const url = gameReturnUrl(game?.user_experience.success_redirect);
  return url && game ? { url, seconds: game.user_experience.success_redirect_timer } : null;
}
