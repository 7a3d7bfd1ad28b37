// The stub flow (spec 000 §2 stub screens, §4 rules 6, 7, 10, 13, 14 and "Consolidation"): a player
// who played a game on a console without an account types the console's passwordless code; the
// browser gets a session of that stub account. The player then signs in to their account, and the
// stub moves into it (with the choice of save where both have one), or creates a new account from
// the stub (its completion). The device flow's `stub` keeps what goes between the screens.
import type { GameConflictBody } from '@portal/contract/calls/game-conflict';
import type { FlowServices } from './flow-services.tsx';
import type { FlowState, SaveChoice, StubData } from './flow-state.ts';
import { gameOf } from './flow-facts.ts';

export type { SaveChoice };

/** The stub the flow carries, if any. */
export const stubOf = (state: FlowState): StubData | null => (state.flow === 'device' ? state.stub : null);

/** The game conflict the last transfer answered, or null. */
export const stubConflicts = (state: FlowState): GameConflictBody | null => stubOf(state)?.conflicts ?? null;

/** The player's choices so far (game slug → which save stays). */
export const stubChoices = (state: FlowState): Record<string, SaveChoice> => stubOf(state)?.choices ?? {};

/**
 * "Sign in to my account" (consolidation init): the stub's session moves into the flow, and the
 * browser is signed out locally (the stub's session stays valid: it names the stub to move).
 */
export function startConsolidation(services: FlowServices): void {
  const session = services.session.get();
  if (!session.accessToken) return;
  const sent = services.flow.send({
    type: 'consolidationStarted',
    token: session.accessToken,
    refresh: session.refreshToken,
  });
  if (sent) services.session.clear();
}

/** Back to the stub's own session (create a new account from it instead): false when there is none. */
export function resumeStubSession(services: FlowServices): boolean {
  const token = stubOf(services.flow.get())?.token;
  if (!token) return services.session.get().account?.stub === true;
  const refresh = stubOf(services.flow.get())?.refresh ?? null;
  services.session.clear();
  services.session.setTokens({ accessToken: token, refreshToken: refresh });
  services.flow.send({ type: 'stubResumed' });
  return true;
}

/**
 * The stub failure page's facts (spec 000 §4): errorCode, linkName and serverGameName. Not the
 * email the spec lists too: an address in the URL would stay in history, logs and referrers; the page
 * names the signed-in account's address itself (docs/spec-deviations.md).
 */
export function failureQuery(
  error: { hydraErrorCode: number | null; body: Record<string, unknown> | null },
  state: FlowState,
): Record<string, string> {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const body = error.body ?? {};
  const linkName = text(body.link_name) ?? stubOf(state)?.platform ?? null;
  const gameName = text(body.server_game_name) ?? gameOf(state)?.name ?? null;
  return {
    errorCode: String(error.hydraErrorCode ?? 0),
    ...(linkName ? { linkName } : {}),
    ...(gameName ? { serverGameName: gameName } : {}),
  };
}
