import { sendEvents } from '@portal/contract/calls/analytics';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';
import { AnalyticsRepo } from './repo.ts';

export function registerAnalytics(app: FastifyInstance, deps: Deps) {
  const repo = new AnalyticsRepo(deps.db.orm);
  registerCall(app, sendEvents, async ({ body, request }) => {
    const accepted = await repo.insert(body.events, request.ctx);
    return { accepted, duplicates: body.events.length - accepted };
  });
}
