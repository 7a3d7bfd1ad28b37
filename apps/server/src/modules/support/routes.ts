// Player support in the console (issue 33): search, a player's page, actions, data export.
import { consoleCalls, CONSOLE_PAGE_SIZE } from '@portal/contract/calls/console';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';
import { registerCall } from '../../http/register-call.ts';

export function registerSupport(app: FastifyInstance, { support }: Pick<Services, 'support'>) {
  registerCall(app, consoleCalls.searchPlayers, async ({ query }) =>
    support.search(query.q, query.platform, query.page, CONSOLE_PAGE_SIZE),
  );
  registerCall(app, consoleCalls.player, async ({ params }) => support.detail(params.id));
  registerCall(app, consoleCalls.playerAction, async ({ params, body, operator }) =>
    support.act(params.id, body, operator.operator),
  );
  registerCall(app, consoleCalls.playerExport, async ({ params, body, operator }) =>
    support.export(params.id, operator.operator, body.why),
  );
}
