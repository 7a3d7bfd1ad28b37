// The games registry as operators keep it (the admin command line and the demo seed): games with
// their configuration and each game's OAuth clients with their exact redirect URIs. What it
// accepts is registry-rules.ts's; a refusal is a RegistryError with the reason.
import { randomBytes } from 'node:crypto';
import { OAUTH_SCOPES } from '@portal/contract/data/constants';
import { clientId, gameInput, hashClientSecret, redirectUriProblem, RegistryError } from './registry-rules.ts';
import type { GamesRepo } from './repo.ts';

export { RegistryError } from './registry-rules.ts';
export type { GameInput } from './registry-rules.ts';

export interface ClientInput {
  game: string;
  clientId: string;
  name?: string | undefined;
  confidential?: boolean | undefined;
  redirectUris: string[];
  /** The scopes the client may ask for (default: all the portal knows). */
  scopes?: string[] | undefined;
  /** A game of the publisher's own: its players are not asked to consent (default: no). */
  firstParty?: boolean | undefined;
}

/** What `clients update` changes of a client. */
export interface ClientChange {
  name?: string | undefined;
  scopes?: string[] | undefined;
  firstParty?: boolean | undefined;
}

export class GameRegistryService {
  readonly #repo: GamesRepo;
  constructor(repo: GamesRepo) {
    this.#repo = repo;
  }

  /** Adds a game or replaces its configuration; answers whether it was new. */
  async putGame(input: unknown): Promise<{ slug: string; created: boolean }> {
    const parsed = gameInput.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RegistryError(`invalid game: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
    }
    const g = parsed.data;
    const created = await this.#repo.putGame({
      slug: g.slug,
      name: g.name,
      userExperience: g.user_experience,
      matureAudience: g.mature_audience,
      flaggedAccountOauthEnabled: g.flagged_account_oauth_enabled,
      featured: g.featured,
      allowConsolidation: g.allow_consolidation,
    });
    return { slug: g.slug, created };
  }

  listGames() {
    return this.#repo.listGames();
  }

  listClients(game?: string) {
    return this.#repo.listClients(game);
  }

  /**
   * Adds an OAuth client to a game. A confidential client gets a secret, answered once and kept
   * only as its SHA-256. `ifMissing` leaves an existing client as it is (the demo seed).
   */
  async addClient(input: ClientInput, options: { ifMissing?: boolean } = {}): Promise<{ secret: string | null }> {
    if (!clientId.safeParse(input.clientId).success) throw new RegistryError(`invalid client id: ${input.clientId}`);
    this.#checkUris(input.redirectUris);
    if (input.scopes) this.#checkScopes(input.scopes);
    if (!(await this.#repo.gameExists(input.game))) throw new RegistryError(`no game ${input.game}`);
    const secret = input.confidential ? randomBytes(32).toString('base64url') : null;
    const added = await this.#repo.addClient({
      clientId: input.clientId,
      gameSlug: input.game,
      name: input.name ?? input.clientId,
      kind: input.confidential ? 'confidential' : 'public',
      secretHash: secret ? hashClientSecret(secret) : null,
      redirectUris: [...new Set(input.redirectUris)],
      ...(input.scopes ? { allowedScopes: [...new Set(input.scopes)] } : {}),
      firstParty: input.firstParty ?? false,
    });
    if (!added) {
      if (options.ifMissing) return { secret: null };
      throw new RegistryError(`client ${input.clientId} already exists`);
    }
    return { secret };
  }

  /** Changes a client's name, allowed scopes or whether it is first-party; answers the client as it is now. */
  async updateClient(id: string, change: ClientChange) {
    if (change.scopes) this.#checkScopes(change.scopes);
    if (change.name !== undefined && change.name.trim() === '')
      throw new RegistryError('a client name cannot be empty');
    const updated = await this.#repo.updateClient(id, {
      ...(change.name !== undefined ? { name: change.name.trim() } : {}),
      ...(change.scopes ? { allowedScopes: [...new Set(change.scopes)] } : {}),
      ...(change.firstParty !== undefined ? { firstParty: change.firstParty } : {}),
    });
    if (!updated) throw new RegistryError(`no client ${id}`);
    return updated;
  }

  /** A new secret for a confidential client, answered once; the old one stops working at once. */
  async rotateSecret(id: string): Promise<string> {
    const secret = randomBytes(32).toString('base64url');
    if (!(await this.#repo.setSecretHash(id, hashClientSecret(secret)))) {
      throw new RegistryError(`no confidential client ${id} (a public client has no secret)`);
    }
    return secret;
  }

  async removeClient(id: string): Promise<void> {
    if (!(await this.#repo.removeClient(id))) throw new RegistryError(`no client ${id}`);
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
    const uris = await this.#repo.changeRedirectUris(id, change);
    if (!uris) throw new RegistryError(`no client ${id}`);
    return uris;
  }

  #checkScopes(scopes: string[]): void {
    const unknown = scopes.filter((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope));
    if (unknown.length > 0)
      throw new RegistryError(`unknown scope ${unknown.join(' ')} (known: ${OAUTH_SCOPES.join(' ')})`);
  }

  #checkUris(uris: string[]): void {
    for (const uri of uris) {
      const problem = redirectUriProblem(uri);
      if (problem) throw new RegistryError(`invalid redirect URI ${uri}: ${problem}`);
    }
  }
}
