// Development-only routes (never mounted in production):
// - POST /dev/legal-documents/{type}/publish: publishes a new version of the terms of use or the
//   privacy policy (operators get a command with the admin tool).
// - POST /dev/mail/friend-request {to, from}: mails the account with address `to` a friend request
//   from the display name `from`, with its opt-out link, until the friends feature sends real ones.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Services } from '../../deps.ts';
import { RequestError } from '../../http/request-error.ts';

export function registerAccountsDevRoutes(
  app: FastifyInstance,
  { consents, emailPreferences: preferences }: Pick<Services, 'consents' | 'emailPreferences'>,
) {
  app.post<{ Params: { type: string } }>('/dev/legal-documents/:type/publish', async (request) => {
    const { type } = request.params;
    if (type !== 'tos' && type !== 'privacy_policy') throw new RequestError('not_found');
    return { type, version: await consents.publish(type) };
  });

  const friendRequest = z.object({ to: z.string().email(), from: z.string().min(1).max(64) });
  app.post('/dev/mail/friend-request', async (request) => {
    const parsed = friendRequest.safeParse(request.body);
    if (!parsed.success) throw new RequestError('invalid_request');
    const sent = await preferences.sendFriendRequestTo(parsed.data.to, { username: parsed.data.from });
    if (sent === null) throw new RequestError('not_found');
    return { sent };
  });
}
