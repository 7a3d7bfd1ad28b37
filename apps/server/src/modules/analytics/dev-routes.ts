// GET /dev/analytics?visitor_id=UUID: the events stored for a visitor, newest first (development only).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../deps.ts';
import { RequestError } from '../../http/request-error.ts';

const query = z.object({ visitor_id: z.string().regex(/^[0-9a-zA-Z-]{8,64}$/) });

export function registerAnalyticsDevRoutes(app: FastifyInstance, { analytics }: Pick<Services, 'analytics'>) {
  app.get('/dev/analytics', async (request) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) throw new RequestError('invalid_request', { body: { reason: 'Give ?visitor_id=' } });
    return analytics.ofVisitor(parsed.data.visitor_id);
  });
}
