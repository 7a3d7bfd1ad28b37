// GET /dev/outbox?to=EMAIL: the mails sent to an address, newest first (development only), after
// delivering the mail the queue holds due.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { email } from '@portal/contract/calls/wire';
import { RequestError } from '../http/request-error.ts';
import type { Mailer, OutboxTransport } from './mailer.ts';

const query = z.object({ to: email(), limit: z.coerce.number().int().min(1).max(100).default(20) });

export function registerOutboxRoutes(app: FastifyInstance, outbox: OutboxTransport, mailer: Mailer) {
  app.get('/dev/outbox', async (request) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success) throw new RequestError('invalid_request', { body: { reason: 'Give ?to=EMAIL' } });
    // Mail queued a moment ago is in the outbox when this answers (the worker delivers it now).
    await mailer.deliverDue();
    const rows = await outbox.list(parsed.data.to, parsed.data.limit);
    return rows.map((row) => ({
      id: row.id,
      to: row.toAddress,
      locale: row.locale,
      template: row.template,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      code: row.code,
      link: row.link,
      headers: row.headers,
      created_at: row.createdAt.toISOString(),
    }));
  });
}
