// POST /mail/unsubscribe?token=...: the one-click opt-out of RFC 8058 that a friend-request mail names
// in its List-Unsubscribe header (with List-Unsubscribe-Post: List-Unsubscribe=One-Click). A mail
// client posts `List-Unsubscribe=One-Click` (form-encoded) without cookies or an API key; the token is
// the mail's own opt-out token. Only POST changes anything: a scanner that follows the address with
// GET is answered 405 and changes nothing. The visible opt-out link of the mail goes to the
// /email-notifications page instead.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../deps.ts';

export function registerUnsubscribe(app: FastifyInstance, services: Pick<Services, 'emailPreferences'>) {
  app.register(async (mail) => {
    mail.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8')),
    );
    mail.post<{ Querystring: { token?: string } }>('/mail/unsubscribe', async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const body = typeof request.body === 'string' ? request.body : '';
      reply.header('cache-control', 'no-store');
      if (!/(^|[&\s])List-Unsubscribe=One-Click($|[&\s])/.test(body)) {
        return reply.code(400).type('text/plain; charset=utf-8').send('Expected List-Unsubscribe=One-Click');
      }
      try {
        await services.emailPreferences.unsubscribe(token);
      } catch {
        return reply.code(404).type('text/plain; charset=utf-8').send('This link has expired.');
      }
      return reply.code(200).type('text/plain; charset=utf-8').send('You will no longer get friend-request emails.');
    });
    mail.get('/mail/unsubscribe', async (_request, reply) =>
      reply.code(405).header('allow', 'POST').type('text/plain; charset=utf-8').send('Use POST (RFC 8058).'),
    );
  });
}
