// Development-only routes (never mounted in production):
// - POST /dev/legal-documents/{type}/publish: publishes a new version of the terms of use or the
//   privacy policy (operators get a command with the admin tool).
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { RequestError } from '../../http/request-error.ts';

export function registerAccountsDevRoutes(app: FastifyInstance, { consents }: Pick<Services, 'consents'>) {
  app.post<{ Params: { type: string } }>('/dev/legal-documents/:type/publish', async (request) => {
    const { type } = request.params;
    if (type !== 'tos' && type !== 'privacy_policy') throw new RequestError('not_found');
    return { type, version: await consents.publish(type) };
  });
}
