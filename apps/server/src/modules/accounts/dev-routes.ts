// POST /dev/legal-documents/{type}/publish: publishes a new version of the terms of use or the
// privacy policy (development only; operators get a command with the admin tool).
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { RequestError } from '../../http/request-error.ts';

export function registerLegalDevRoutes(app: FastifyInstance, db: Database) {
  app.post<{ Params: { type: string } }>('/dev/legal-documents/:type/publish', async (request) => {
    const { type } = request.params;
    if (type !== 'tos' && type !== 'privacy_policy') throw new RequestError('not_found');
    const [row] = await db.query<{ version: number }>(
      `INSERT INTO legal_documents (type, version)
       SELECT $1, coalesce(max(version), 0) + 1 FROM legal_documents WHERE type = $1
       RETURNING version`,
      [type],
    );
    return { type, version: row?.version };
  });
}
