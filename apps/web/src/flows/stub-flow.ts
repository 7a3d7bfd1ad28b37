// The stub flow (spec 000 §2 stub screens, §4 rules 6, 7, 10, 13, 14 and "Consolidation"): a player
// who played a game on a console without an account types the console's passwordless code; the
// browser gets a session of that stub account. The player then signs in to their account, and the
// stub moves into it (with the choice of save where both have one), or creates a new account from
// the stub (its completion). What the flow keeps between its screens is in the flow data.
import { gameConflictBody } from '@portal/contract/calls/accounts-links';
import type { GameConflictBody } from '@portal/contract/calls/accounts-links';
import type { FlowState } from './flow-store.ts';
import type { AppServices } from '../lib/services.tsx';
import { GAME_KEYS } from './game-flow.ts';

export const STUB_KEYS = {
  /** The stub's session, kept here while the player signs in to their account. */
  token: 'stubToken',
  refresh: 'stubRefresh',
  /** The stub's platform (its first link), for the screens. */
  platform: 'stubPlatform',
  /** The game conflict error's body (JSON), then the player's choice per game (JSON). */
  conflicts: 'stubConflicts',
  choices: 'stubChoices',
  /** The game of the choice shown (its index), so that a reload shows the same one. */
  choosing: 'stubChoosing',
} as const;

export type SaveChoice = 'keep_old' | 'squash_conflict';

/** A stub waits to move into the signed-in account (the sign-in of the consolidation is done). */
export function consolidationPending(flow: FlowState): boolean {
  return Boolean(flow.data[STUB_KEYS.token]) && flow.step !== 'stub_choose_game';
}

/** The game conflict the last transfer answered, or null. */
export function stubConflicts(flow: FlowState): GameConflictBody | null {
  const raw = flow.data[STUB_KEYS.conflicts];
  if (!raw) return null;
  try {
    const parsed = gameConflictBody.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The player's choices so far (game slug → which save stays). */
export function stubChoices(flow: FlowState): Record<string, SaveChoice> {
  try {
    const parsed = JSON.parse(flow.data[STUB_KEYS.choices] ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (e): e is [string, SaveChoice] => e[1] === 'keep_old' || e[1] === 'squash_conflict',
      ),
    );
  } catch {
    return {};
  }
}

/**
 * "Sign in to my account" (consolidation init): the stub's session moves into the flow data, and the
 * browser is signed out locally (the stub's session stays valid: it names the stub to move).
 */
export function startConsolidation(services: AppServices): void {
  const session = services.session.get();
  if (!session.accessToken) return;
  services.flow.setStep('consolidation_init', {
    [STUB_KEYS.token]: session.accessToken,
    [STUB_KEYS.refresh]: session.refreshToken ?? '',
  });
  services.session.clear();
}

/** Back to the stub's own session (create a new account from it instead): false when there is none. */
export function resumeStubSession(services: AppServices): boolean {
  const { data } = services.flow.get();
  const token = data[STUB_KEYS.token];
  if (!token) return services.session.get().account?.stub === true;
  services.session.clear();
  services.session.setTokens({ accessToken: token, refreshToken: data[STUB_KEYS.refresh] || null });
  services.flow.setStep('remediation_init', {
    [STUB_KEYS.token]: '',
    [STUB_KEYS.refresh]: '',
    [STUB_KEYS.conflicts]: '',
    [STUB_KEYS.choices]: '',
  });
  return true;
}

/**
 * The stub failure page's facts (spec 000 §4): errorCode, linkName and serverGameName. Not the
 * email the spec lists too: an address in the URL would stay in history, logs and referrers; the page
 * names the signed-in account's address itself (docs/spec-deviations.md).
 */
export function failureQuery(
  error: { hydraErrorCode: number | null; body: Record<string, unknown> | null },
  flow: FlowState,
): Record<string, string> {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const body = error.body ?? {};
  const linkName = text(body.link_name) ?? flow.data[STUB_KEYS.platform] ?? null;
  const gameName = text(body.server_game_name) ?? flow.data[GAME_KEYS.name] ?? null;
  return {
    errorCode: String(error.hydraErrorCode ?? 0),
    ...(linkName ? { linkName } : {}),
    ...(gameName ? { serverGameName: gameName } : {}),
  };
}
