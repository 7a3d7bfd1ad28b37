// GET /dev/analytics?visitor_id=UUID: the events stored for a visitor, newest first (development only).
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Orm } from '../../db/database.ts';
import { analyticsEvents } from '../../db/schema.ts';
import { RequestError } from '../../http/request-error.ts';

const query = z.object({ visitor_id: z.string().regex(/^[0-9a-zA-Z-]{8,64}$/) });

export function registerAnalyticsDevRoutes(app: FastifyInstance, orm: Orm) {
  app.get('/dev/analytics', async (request) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) throw new RequestError('invalid_request', { body: { reason: 'Give ?visitor_id=' } });
    const rows = await orm
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.visitorId, parsed.data.visitor_id))
      .orderBy(desc(analyticsEvents.id))
      .limit(200);
    return rows.map((row) => ({
      name: row.name,
      session_id: row.sessionId,
      dedupe_index: row.dedupeIndex,
      event_time: row.eventTime.toISOString(),
      body: row.body,
    }));
  });
}
