// GET /accounts/me/activity: the signed-in account's recent security events (AuditService).
import { getRecentActivity } from '@portal/contract/calls/accounts-activity';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerAudit(app: FastifyInstance, services: Pick<Services, 'audit'>) {
  registerCall(app, getRecentActivity, async ({ query, account }) => ({
    items: await services.audit.recent(account.id, query.limit),
  }));
}
