// The games registry as operators keep it (the admin command line and the demo seed): games with
// their configuration (spec 000 §3) and each game's OAuth clients with their exact redirect URIs.
import { createHash, randomBytes } from 'node:crypto';
import { gameSlug, userExperience } from '@portal/contract/calls/games';
import { asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Orm } from '../../db/database.ts';
import { games, oauthClients } from '../../db/schema.ts';

/** A game as an operator writes it in a JSON file. */
export const gameInput = z.strictObject({
  slug: gameSlug,
  name: z.string().trim().min(1).max(100),
  user_experience: userExperience,
  mature_audience: z.boolean().default(false),
  flagged_account_oauth_enabled: z.boolean().default(false),
  featured: z.boolean().default(false),
});
export type GameInput = z.input<typeof gameInput>;

export const clientId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$/, { error: 'A client id is 3-100 letters, digits, ".", "_" or "-"' });

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why a redirect URI cannot be registered, or null when it can (RFC 6749 §3.1.2, RFC 8252 §7):
 * absolute, no fragment; https; http only on a loopback host (whose port may vary at use, RFC 8252
 * §7.3); or a private-use scheme in reverse-domain form (com.example.app:/callback).
 */
export function redirectUriProblem(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'not an absolute URI';
  }
  if (uri.includes('#')) return 'a redirect URI has no fragment';
  const scheme = url.protocol.slice(0, -1);
  if (scheme === 'https') return url.hostname ? null : 'https needs a host';
  if (scheme === 'http') return LOOPBACK_HOSTS.has(url.hostname) ? null : 'http is allowed on loopback hosts only';
  if (/^(javascript|data|vbscript|file|blob|about|ftp|ws|wss)$/.test(scheme))
    return `the ${scheme} scheme is not allowed`;
  if (!/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+$/.test(scheme)) return 'a private-use scheme is a reverse domain name';
  return null;
}

export class RegistryError extends Error {
  override name = 'RegistryError';
}

export interface ClientInput {
  game: string;
  clientId: string;
  name?: string | undefined;
  confidential?: boolean | undefined;
  redirectUris: string[];
}

export class GameRegistry {
  readonly #orm: Orm;
  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** Adds a game or replaces its configuration; answers whether it was new. */
  async putGame(input: unknown): Promise<{ slug: string; created: boolean }> {
    const parsed = gameInput.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RegistryError(`invalid game: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
    }
    const g = parsed.data;
    const values = {
      name: g.name,
      userExperience: g.user_experience,
      matureAudience: g.mature_audience,
      flaggedAccountOauthEnabled: g.flagged_account_oauth_enabled,
      featured: g.featured,
    };
    const [row] = await this.#orm
      .insert(games)
      .values({ slug: g.slug, ...values })
      .onConflictDoUpdate({ target: games.slug, set: { ...values, updatedAt: new Date() } })
      .returning({ created: sql<boolean>`(xmax = 0)` });
    return { slug: g.slug, created: row?.created === true };
  }

  async listGames(): Promise<{ slug: string; name: string; clients: number; featured: boolean }[]> {
    const rows = await this.#orm
      .select({ slug: games.slug, name: games.name, featured: games.featured, clients: count(oauthClients.clientId) })
      .from(games)
      .leftJoin(oauthClients, eq(oauthClients.gameSlug, games.slug))
      .groupBy(games.slug)
      .orderBy(asc(games.slug));
    return rows.map((r) => ({ ...r, clients: Number(r.clients) }));
  }

  async listClients(game?: string) {
    const query = this.#orm
      .select({
        clientId: oauthClients.clientId,
        game: oauthClients.gameSlug,
        name: oauthClients.name,
        kind: oauthClients.kind,
        redirectUris: oauthClients.redirectUris,
      })
      .from(oauthClients);
    return (game ? query.where(eq(oauthClients.gameSlug, game)) : query).orderBy(asc(oauthClients.clientId));
  }

  /**
   * Adds an OAuth client to a game. A confidential client gets a secret, answered once and kept
   * only as its SHA-256 (it is 256 random bits, so a fast hash is enough). `ifMissing` leaves an
   * existing client as it is (the demo seed).
   */
  async addClient(input: ClientInput, options: { ifMissing?: boolean } = {}): Promise<{ secret: string | null }> {
    if (!clientId.safeParse(input.clientId).success) throw new RegistryError(`invalid client id: ${input.clientId}`);
    this.#checkUris(input.redirectUris);
    if (!(await this.#gameExists(input.game))) throw new RegistryError(`no game ${input.game}`);
    const secret = input.confidential ? randomBytes(32).toString('base64url') : null;
    const inserted = await this.#orm
      .insert(oauthClients)
      .values({
        clientId: input.clientId,
        gameSlug: input.game,
        name: input.name ?? input.clientId,
        kind: input.confidential ? 'confidential' : 'public',
        secretHash: secret ? hashClientSecret(secret) : null,
        redirectUris: [...new Set(input.redirectUris)],
      })
      .onConflictDoNothing()
      .returning({ clientId: oauthClients.clientId });
    if (inserted.length === 0) {
      if (options.ifMissing) return { secret: null };
      throw new RegistryError(`client ${input.clientId} already exists`);
    }
    return { secret };
  }

  async removeClient(id: string): Promise<void> {
    const removed = await this.#orm
      .delete(oauthClients)
      .where(eq(oauthClients.clientId, id))
      .returning({ clientId: oauthClients.clientId });
    if (removed.length === 0) throw new RegistryError(`no client ${id}`);
  }

  async addRedirectUri(id: string, uri: string): Promise<string[]> {
    this.#checkUris([uri]);
    return this.#setUris(id, (uris) => (uris.includes(uri) ? uris : [...uris, uri]));
  }

  async removeRedirectUri(id: string, uri: string): Promise<string[]> {
    return this.#setUris(id, (uris) => {
      if (!uris.includes(uri)) throw new RegistryError(`client ${id} has no redirect URI ${uri}`);
      return uris.filter((u) => u !== uri);
    });
  }

  async #setUris(id: string, change: (uris: string[]) => string[]): Promise<string[]> {
    return this.#orm.transaction(async (tx) => {
      const [row] = await tx
        .select({ uris: oauthClients.redirectUris })
        .from(oauthClients)
        .where(eq(oauthClients.clientId, id))
        .for('update');
      if (!row) throw new RegistryError(`no client ${id}`);
      const uris = change(row.uris);
      await tx.update(oauthClients).set({ redirectUris: uris }).where(eq(oauthClients.clientId, id));
      return uris;
    });
  }

  #checkUris(uris: string[]): void {
    for (const uri of uris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw new RegistryError(`invalid redirect URI ${uri}: ${problem}`);
    }
  }

  async #gameExists(slug: string): Promise<boolean> {
    const rows = await this.#orm.select({ slug: games.slug }).from(games).where(eq(games.slug, slug)).limit(1);
    return rows.length === 1;
  }
}

export function hashClientSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
