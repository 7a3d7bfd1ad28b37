// The one transaction of a consolidation (ADR 021). It locks both accounts (in id order, so two
// consolidations never wait on each other crosswise), reads what the decision needs, lets
// consolidation-rules.ts decide, and applies the plan: links and game profiles change account, the
// stub's game sign-ins follow it to the full account, a passwordless device authorization of the
// stub is approved for the full account, and the stub is removed. Either all of it or nothing.
// This is the one place that writes other modules' tables (platform_links, game_progress, sessions,
// refresh_tokens, device_authorizations): a consolidation must be one transaction (ADR 021).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Orm } from '../../db/database.ts';
import {
  accounts,
  consolidations,
  deviceAuthorizations,
  gameProgress,
  games,
  platformConfigs,
  platformLinks,
  refreshTokens,
  sessions,
  signIns,
} from '../../db/schema.ts';
import { decideConsolidation } from './consolidation-rules.ts';
import type { ConsolidationDecision, ConsolidationPlan, ConsolidationScope } from './consolidation-rules.ts';

/** Another write took the target's platform meanwhile (a unique index refused the move). */
export class LinkTaken extends Error {}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === '23505') return true;
  }
  return false;
}

type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];

export class ConsolidationRepo {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Decides and, when the decision is a plan, applies it; all in one transaction. */
  async consolidate(sourceId: string, targetId: string, scope: ConsolidationScope): Promise<ConsolidationDecision> {
    try {
      return await this.#orm.transaction(async (tx) => {
        const locked = await tx
          .select({ id: accounts.id, stub: accounts.stub, completed: accounts.completed })
          .from(accounts)
          .where(inArray(accounts.id, [sourceId, targetId]))
          .orderBy(accounts.id)
          .for('update');
        const source = locked.find((a) => a.id === sourceId) ?? null;
        const target = locked.find((a) => a.id === targetId);
        if (!target) return { kind: 'refused', error: 'transfer_invalid_token', rule: 2 } as const;
        const ids = [sourceId, targetId];
        const [links, profiles, restricted] = await Promise.all([
          tx
            .select({
              accountId: platformLinks.accountId,
              platform: platformLinks.platform,
              subject: platformLinks.subject,
            })
            .from(platformLinks)
            .where(inArray(platformLinks.accountId, ids)),
          tx
            .select({ accountId: gameProgress.accountId, gameSlug: gameProgress.gameSlug })
            .from(gameProgress)
            .where(inArray(gameProgress.accountId, ids)),
          tx
            .select({ platform: platformConfigs.platform })
            .from(platformConfigs)
            .where(eq(platformConfigs.restricted, true)),
        ]);
        const sourceProfiles = profiles.filter((p) => p.accountId === sourceId).map((p) => p.gameSlug);
        const denied =
          sourceProfiles.length === 0
            ? []
            : await tx
                .select({ slug: games.slug })
                .from(games)
                .where(and(inArray(games.slug, sourceProfiles), eq(games.allowConsolidation, false)));
        const decision = decideConsolidation(
          {
            source: source ? { id: source.id, stub: source.stub } : null,
            target: { id: target.id, stub: target.stub, completed: target.completed },
            sourceLinks: links.filter((l) => l.accountId === sourceId),
            targetLinks: links.filter((l) => l.accountId === targetId),
            sourceProfiles,
            targetProfiles: profiles.filter((p) => p.accountId === targetId).map((p) => p.gameSlug),
            deniedGames: new Set(denied.map((g) => g.slug)),
            restrictedPlatforms: new Set(restricted.map((r) => r.platform)),
          },
          scope,
        );
        if (decision.kind === 'plan') await apply(tx, sourceId, targetId, decision.plan);
        return decision;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new LinkTaken('platform taken meanwhile', { cause: error });
      throw error;
    }
  }
}

async function apply(tx: Tx, sourceId: string, targetId: string, plan: ConsolidationPlan): Promise<void> {
  const now = new Date();
  if (plan.moveLinks.length > 0) {
    // The trigger of migration 0017 rewrites both accounts' platform_links.
    await tx
      .update(platformLinks)
      .set({ accountId: targetId, updatedAt: now })
      .where(and(eq(platformLinks.accountId, sourceId), inArray(platformLinks.platform, plan.moveLinks)));
  }
  if (plan.replaceProfiles.length > 0) {
    await tx
      .delete(gameProgress)
      .where(and(eq(gameProgress.accountId, targetId), inArray(gameProgress.gameSlug, plan.replaceProfiles)));
  }
  if (plan.dropProfiles.length > 0) {
    await tx
      .delete(gameProgress)
      .where(and(eq(gameProgress.accountId, sourceId), inArray(gameProgress.gameSlug, plan.dropProfiles)));
  }
  const moving = [...plan.moveProfiles, ...plan.replaceProfiles];
  if (moving.length > 0) {
    await tx
      .update(gameProgress)
      .set({ accountId: targetId, updatedAt: now })
      .where(and(eq(gameProgress.accountId, sourceId), inArray(gameProgress.gameSlug, moving)));
  }
  if (!plan.removeStub) return;

  // The stub's game sign-ins follow it: their access tokens end now, and their next refresh gives
  // the full account's tokens. Its web sessions (the browser that consolidated it) end.
  const gameFamilies = tx
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(and(eq(sessions.accountId, sourceId), sql`${sessions.clientId} IS NOT NULL`));
  // Where those game sign-ins came from moves with them (the stub's own rows go with the stub).
  await tx
    .update(signIns)
    .set({ accountId: targetId })
    .where(and(eq(signIns.accountId, sourceId), inArray(signIns.familyId, gameFamilies)));
  await tx
    .update(refreshTokens)
    .set({ accountId: targetId })
    .where(and(eq(refreshTokens.accountId, sourceId), inArray(refreshTokens.familyId, gameFamilies)));
  await tx
    .update(sessions)
    .set({ accountId: targetId, revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
    .where(and(eq(sessions.accountId, sourceId), sql`${sessions.clientId} IS NOT NULL`));
  await tx.delete(sessions).where(eq(sessions.accountId, sourceId));
  // A passwordless device authorization the stub's game started: the device gets the full account.
  await tx
    .update(deviceAuthorizations)
    .set({ accountId: targetId, authorizedAt: now })
    .where(
      and(
        eq(deviceAuthorizations.sourceAccountId, sourceId),
        sql`${deviceAuthorizations.authorizedAt} IS NULL AND ${deviceAuthorizations.error} IS NULL`,
        sql`${deviceAuthorizations.expiresAt} > now()`,
      ),
    );
  const kept: Record<string, 'stub' | 'account' | 'moved'> = {};
  for (const game of plan.moveProfiles) kept[game] = 'moved';
  for (const game of plan.replaceProfiles) kept[game] = 'stub';
  for (const game of plan.dropProfiles) kept[game] = 'account';
  await tx
    .insert(consolidations)
    .values({ accountId: targetId, stubAccountId: sourceId, platforms: plan.moveLinks, games: kept });
  await tx.delete(accounts).where(eq(accounts.id, sourceId));
}
