// POST /dev/legal-documents/{type}/publish: publishes a new version of the terms of use or the
// privacy policy (development only; operators get a command with the admin tool).
import type { FastifyInstance } from 'fastify';
import { RequestError } from '../../http/request-error.ts';
import type { Consents } from './consents.ts';

export function registerLegalDevRoutes(app: FastifyInstance, consents: Consents) {
  app.post<{ Params: { type: string } }>('/dev/legal-documents/:type/publish', async (request) => {
    const { type } = request.params;
    if (type !== 'tos' && type !== 'privacy_policy') throw new RequestError('not_found');
    return { type, version: await consents.publish(type) };
  });
}
