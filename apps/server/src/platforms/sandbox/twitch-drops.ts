// The sandbox Twitch API for Drops (development and tests only): what twitch-drops.ts talks to in
// production, with the same HTTP shapes. An app access token by the client-credentials grant
// (POST .../drops/oauth2/token), the entitlements of a user (GET .../drops/helix/entitlements/drops)
// and their fulfilment (PATCH the same path). Viewers earn drops by watching streams; here
// `POST .../drops/grant {username, benefit_id, game_id?}` stands in for that, granting the sandbox
// Twitch user of that name (the same subject a sandbox Twitch sign-in gives) a CLAIMED entitlement.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxClient } from './catalogue.ts';
import { sandboxSubject, sandboxTwitchDropsPath } from './catalogue.ts';
import { leaveBodiesUnread, readForm, readJson } from './request-body.ts';

const TOKEN_TTL_SECONDS = 3600;

interface Entitlement {
  id: string;
  benefit_id: string;
  timestamp: string;
  user_id: string;
  game_id: string;
  fulfillment_status: 'CLAIMED' | 'FULFILLED';
  last_updated: string;
}

export function registerTwitchDropsSandbox(app: FastifyInstance, client: SandboxClient): void {
  const tokens = new Map<string, number>();
  const entitlements = new Map<string, Entitlement>();
  const unauthorized = (reply: FastifyReply) =>
    reply.code(401).send({ error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
  const authorized = (request: FastifyRequest) => {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const expires = bearer ? tokens.get(bearer) : undefined;
    return expires !== undefined && expires > Date.now() && request.headers['client-id'] === client.clientId;
  };

  void app.register(
    async (scope) => {
      leaveBodiesUnread(scope);

      scope.post('/oauth2/token', async (request, reply) => {
        const form = await readForm(request.raw);
        if (form.get('grant_type') !== 'client_credentials')
          return reply.code(400).send({ status: 400, message: 'invalid grant type' });
        if (form.get('client_id') !== client.clientId || form.get('client_secret') !== client.clientSecret)
          return reply.code(403).send({ status: 403, message: 'invalid client secret' });
        const token = randomBytes(24).toString('hex');
        tokens.set(token, Date.now() + TOKEN_TTL_SECONDS * 1000);
        return { access_token: token, expires_in: TOKEN_TTL_SECONDS, token_type: 'bearer' };
      });

      scope.get('/helix/entitlements/drops', async (request, reply) => {
        if (!authorized(request)) return unauthorized(reply);
        const query = request.query as Record<string, string | undefined>;
        const first = Math.min(1000, Math.max(1, Number(query.first ?? 20) || 20));
        const matching = [...entitlements.values()].filter(
          (e) =>
            (!query.id || e.id === query.id) &&
            (!query.user_id || e.user_id === query.user_id) &&
            (!query.game_id || e.game_id === query.game_id) &&
            (!query.fulfillment_status || e.fulfillment_status === query.fulfillment_status),
        );
        const start = query.after ? Number(Buffer.from(query.after, 'base64url').toString()) || 0 : 0;
        const data = matching.slice(start, start + first);
        const next = start + first < matching.length ? Buffer.from(String(start + first)).toString('base64url') : null;
        return { data, pagination: next ? { cursor: next } : {} };
      });

      scope.patch('/helix/entitlements/drops', async (request, reply) => {
        if (!authorized(request)) return unauthorized(reply);
        const body = (await readJson(request.raw)) as { fulfillment_status?: unknown; entitlement_ids?: unknown };
        const status = body?.fulfillment_status;
        const ids = body?.entitlement_ids;
        if ((status !== 'CLAIMED' && status !== 'FULFILLED') || !Array.isArray(ids) || ids.length > 100)
          return reply.code(400).send({ status: 400, message: 'invalid request' });
        const done: string[] = [];
        const missing: string[] = [];
        for (const id of ids) {
          const found = typeof id === 'string' ? entitlements.get(id) : undefined;
          if (!found) {
            missing.push(String(id));
            continue;
          }
          found.fulfillment_status = status;
          found.last_updated = new Date().toISOString();
          done.push(found.id);
        }
        const data = [
          ...(done.length ? [{ status: 'SUCCESS', ids: done }] : []),
          ...(missing.length ? [{ status: 'NOT_FOUND', ids: missing }] : []),
        ];
        return { data };
      });

      // The sandbox's stand-in for watching a stream with drops enabled.
      scope.post('/grant', async (request, reply) => {
        const body = (await readJson(request.raw)) as Record<string, unknown> | null;
        const username = typeof body?.username === 'string' ? body.username.trim() : '';
        const benefit = typeof body?.benefit_id === 'string' ? body.benefit_id : '';
        if (!username || username.length > 64 || !benefit || benefit.length > 128)
          return reply.code(400).send({ message: 'username and benefit_id are required' });
        const now = new Date().toISOString();
        const entitlement: Entitlement = {
          id: randomUUID(),
          benefit_id: benefit,
          timestamp: now,
          user_id: sandboxSubject('twitch', username),
          game_id: typeof body?.game_id === 'string' ? body.game_id : '509658',
          fulfillment_status: 'CLAIMED',
          last_updated: now,
        };
        entitlements.set(entitlement.id, entitlement);
        return reply.code(201).send(entitlement);
      });
    },
    { prefix: sandboxTwitchDropsPath() },
  );
}
