import { sendEvents } from '@portal/contract/calls/analytics';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerAnalytics(app: FastifyInstance, services: Services) {
  const events = services.repos.analytics;
  registerCall(app, sendEvents, async ({ body, request }) => {
    const accepted = await events.insert(body.events, request.ctx);
    return { accepted, duplicates: body.events.length - accepted };
  });
}
