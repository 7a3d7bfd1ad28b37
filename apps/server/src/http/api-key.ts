// X-Hydra-API-Key: every /api call must name a registered client. The keys are stored as SHA-256
// hashes; lookups are cached briefly so a busy instance does not ask the database on every call.
import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Orm } from '../db/database.ts';
import { apiClients } from '../db/schema.ts';
import { RequestError } from './request-error.ts';

export interface ApiClient {
  id: string;
  name: string;
  kind: 'portal' | 'game' | 'tool';
  gameSlug: string | null;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

const HIT_TTL_MS = 30_000;
const MISS_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export class ApiKeyRegistry {
  readonly #orm: Orm;
  readonly #cache = new Map<string, { client: ApiClient | null; expires: number }>();

  constructor(orm: Orm) {
    this.#orm = orm;
  }

  /** The client of a key when the answer is cached (null: no such client), undefined when it is not. */
  cached(key: string): ApiClient | null | undefined {
    if (key.length < 8 || key.length > 200) return null;
    const cached = this.#cache.get(key);
    return cached && cached.expires > Date.now() ? cached.client : undefined;
  }

  async find(key: string): Promise<ApiClient | null> {
    const known = this.cached(key);
    if (known !== undefined) return known;
    const hash = hashApiKey(key);
    const [row] = await this.#orm
      .select({ id: apiClients.id, name: apiClients.name, kind: apiClients.kind, gameSlug: apiClients.gameSlug })
      .from(apiClients)
      .where(and(eq(apiClients.keyHash, hash), isNull(apiClients.revokedAt)))
      .limit(1);
    const client = row ?? null;
    if (this.#cache.size >= MAX_ENTRIES) this.#cache.clear();
    this.#cache.set(key, { client, expires: Date.now() + (client ? HIT_TTL_MS : MISS_TTL_MS) });
    return client;
  }
}

/** Paths under /api that need no key: the API description and its docs page. */
const OPEN_PATHS = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/];

export function registerApiKeyCheck(app: FastifyInstance, registry: ApiKeyRegistry): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.method === 'OPTIONS') return done();
    const { url } = request;
    if (!url.startsWith('/api/') && url !== '/api' && !url.startsWith('/api?')) return done();
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (OPEN_PATHS.some((pattern) => pattern.test(path))) return done();
    const key = request.headers['x-hydra-api-key'];
    if (typeof key !== 'string') return done(new RequestError('invalid_api_key'));
    const accept = (client: ApiClient | null) => {
      if (!client) return done(new RequestError('invalid_api_key'));
      request.ctx.apiClient = client;
      done();
    };
    // Known keys are answered at once; only a key not seen lately waits for the database.
    const known = registry.cached(key);
    if (known !== undefined) return accept(known);
    registry.find(key).then(accept, done);
  });
}
