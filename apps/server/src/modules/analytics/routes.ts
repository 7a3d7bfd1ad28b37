// POST /analytics/events: the web app's analytics events (AnalyticsService).
import { sendEvents } from '@portal/contract/calls/analytics';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerAnalytics(app: FastifyInstance, { analytics }: Pick<Services, 'analytics'>) {
  registerCall(app, sendEvents, async ({ body, request }) => analytics.record(body.events, request.ctx));
}
