// The consolidation decision (spec 000 §4 "Consolidation", issue 16): what moving a stub (platform-
// first) account, or one of its links or game profiles, into a full account does, or why it cannot.
// Pure: ConsolidationRepo reads the snapshot with both accounts locked, this decides, the repo
// applies the plan in the same transaction. The rules, in order (one test each):
//  1. The source must be a live stub account; else transfer_invalid_token.
//  2. The target must be a full (completed, not stub) account other than the source; else
//     transfer_invalid_token.
//  3. What a single transfer names must exist on the stub: its link (link_invalid) or its game
//     profile (game_profile_missing).
//  4. Each link to move: a platform the target already links with another identity blocks it:
//     unlink_restricted when that platform is restricted (the player cannot disconnect the other
//     identity either), else platform_link_already_exists (they may disconnect it and try again).
//  5. Each game profile to move: a game whose operator refuses consolidation blocks it
//     (consolidation_denied, 1400).
//  6. A game both accounts have a save of needs the player's choice: squash_conflict (the stub's
//     save replaces the account's) or keep_old (the account's save stays, the stub's is dropped).
//     Without one for every such game: the conflict, listing them.
//  7. Otherwise the plan; a whole-account transfer also removes the stub.

export type ConflictChoice = 'keep_old' | 'squash_conflict';

export interface ConsolidationSnapshot {
  /** The stub as locked now; null when it is gone (consolidated or removed meanwhile). */
  source: { id: string; stub: boolean } | null;
  target: { id: string; stub: boolean; completed: boolean };
  sourceLinks: readonly { platform: string; subject: string }[];
  targetLinks: readonly { platform: string; subject: string }[];
  sourceProfiles: readonly string[];
  targetProfiles: readonly string[];
  /** Games whose operator refuses consolidation. */
  deniedGames: ReadonlySet<string>;
  /** Platforms configured restricted: a link of theirs cannot be disconnected by the player. */
  restrictedPlatforms: ReadonlySet<string>;
}

export type ConsolidationScope =
  | { kind: 'account'; choices: Readonly<Record<string, ConflictChoice>> }
  | { kind: 'link'; platform: string }
  | { kind: 'profile'; gameSlug: string; choice: ConflictChoice | null };

export interface ConsolidationPlan {
  moveLinks: string[];
  /** Profiles only the stub has: they move. */
  moveProfiles: string[];
  /** Both have one, the stub's wins: the account's is deleted, the stub's moves. */
  replaceProfiles: string[];
  /** Both have one, the account's stays: the stub's is deleted. */
  dropProfiles: string[];
  removeStub: boolean;
  /** Every platform the stub was linked to (what the notice names when no link moves). */
  sourcePlatforms: string[];
}

export type ConsolidationRefusal =
  | 'transfer_invalid_token'
  | 'link_invalid'
  | 'game_profile_missing'
  | 'unlink_restricted'
  | 'platform_link_already_exists'
  | 'consolidation_denied';

export type ConsolidationDecision =
  | { kind: 'plan'; plan: ConsolidationPlan }
  | { kind: 'refused'; error: ConsolidationRefusal; rule: number; platform?: string; gameSlug?: string }
  | { kind: 'conflict'; games: string[]; rule: 6 };

const refuse = (
  error: ConsolidationRefusal,
  rule: number,
  extra: { platform?: string; gameSlug?: string } = {},
): ConsolidationDecision => ({ kind: 'refused', error, rule, ...extra });

export function decideConsolidation(s: ConsolidationSnapshot, scope: ConsolidationScope): ConsolidationDecision {
  // 1. A live stub.
  if (!s.source?.stub) return refuse('transfer_invalid_token', 1);
  // 2. Into a full account that is not the stub itself.
  if (s.target.stub || !s.target.completed || s.target.id === s.source.id) return refuse('transfer_invalid_token', 2);

  // 3. What a single transfer names exists on the stub.
  let links = s.sourceLinks;
  let profiles = s.sourceProfiles;
  if (scope.kind === 'link') {
    links = links.filter((l) => l.platform === scope.platform);
    if (links.length === 0) return refuse('link_invalid', 3, { platform: scope.platform });
    profiles = [];
  } else if (scope.kind === 'profile') {
    if (!profiles.includes(scope.gameSlug)) return refuse('game_profile_missing', 3, { gameSlug: scope.gameSlug });
    profiles = [scope.gameSlug];
    links = [];
  }

  // 4. Links that can move.
  const targetLinks = new Map(s.targetLinks.map((l) => [l.platform, l.subject]));
  for (const link of links) {
    const linked = targetLinks.get(link.platform);
    if (linked === undefined || linked === link.subject) continue;
    const error = s.restrictedPlatforms.has(link.platform) ? 'unlink_restricted' : 'platform_link_already_exists';
    return refuse(error, 4, { platform: link.platform });
  }

  // 5. Games whose operator allows it.
  const denied = profiles.find((game) => s.deniedGames.has(game));
  if (denied !== undefined) return refuse('consolidation_denied', 5, { gameSlug: denied });

  // 6. A choice for every game both accounts have a save of.
  const choiceOf = (game: string): ConflictChoice | undefined =>
    scope.kind === 'account' ? scope.choices[game] : scope.kind === 'profile' ? (scope.choice ?? undefined) : undefined;
  const plan: ConsolidationPlan = {
    moveLinks: links.map((l) => l.platform),
    moveProfiles: [],
    replaceProfiles: [],
    dropProfiles: [],
    removeStub: scope.kind === 'account',
    sourcePlatforms: s.sourceLinks.map((l) => l.platform),
  };
  const conflicts: string[] = [];
  const targetProfiles = new Set(s.targetProfiles);
  for (const game of profiles) {
    if (!targetProfiles.has(game)) {
      plan.moveProfiles.push(game);
      continue;
    }
    const choice = choiceOf(game);
    if (choice === 'squash_conflict') plan.replaceProfiles.push(game);
    else if (choice === 'keep_old') plan.dropProfiles.push(game);
    else conflicts.push(game);
  }
  if (conflicts.length > 0) return { kind: 'conflict', games: conflicts.sort(), rule: 6 };

  // 7. The plan.
  return { kind: 'plan', plan };
}
