// The portal's mails: queued in the database (queue-repo.ts), delivered by the worker of each instance
// (jobs/mail-delivery.ts) through one of two transports: the development outbox (stored in the
// database, printed to the log, read back at GET /dev/outbox) or SMTP (SMTP_URL).
import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { LocaleTag } from '@portal/contract/data/locales';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Orm } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';
import { MailDelivery } from '../jobs/mail-delivery.ts';
import type { DeliveryEvents, DeliveryOptions } from '../jobs/mail-delivery.ts';
import { secretBoxFor } from '../security/secret-box.ts';
import type { SecretBox } from '../security/secret-box.ts';
import { MailQueueRepo } from './queue-repo.ts';
import type { ClaimedMail } from './queue-repo.ts';
import { renderMail } from './render.ts';
import type { RenderedMail, RenderOptions } from './render.ts';
import type { TemplateData, TemplateName } from './templates.ts';

export interface MailRequest {
  to: string;
  locale: LocaleTag;
  template: TemplateName;
  data: TemplateData;
  /** Headers beyond the usual ones (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface OutgoingMail extends RenderedMail {
  to: string;
  locale: LocaleTag;
  template: TemplateName;
  code: string | null;
  link: string | null;
  headers: Record<string, string>;
}

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  /** `id` names the mail for good: the same on every attempt (SMTP sends it as the Message-ID). */
  deliver(mail: OutgoingMail, id?: string): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  render: RenderOptions;
  /** The server's secret (MFA_SECRET_KEY): queued mail is sealed with a key derived from it. */
  secretKey: string;
  delivery: DeliveryOptions;
  log?: FastifyBaseLogger | undefined;
  events?: DeliveryEvents | undefined;
}

/**
 * The portal's mail (ADR 025): `send` writes the mail to the queue (in the caller's transaction when
 * given one) and answers once it is stored; the worker delivers it through the transport, with retries.
 */
export class Mailer {
  readonly #transport: MailTransport;
  readonly #queue: MailQueueRepo;
  readonly #box: SecretBox;
  readonly #delivery: MailDelivery;
  readonly #log: FastifyBaseLogger | undefined;
  readonly #orm: Orm;

  constructor(db: Database, transport: MailTransport, options: MailerOptions) {
    this.#transport = transport;
    this.#orm = db.orm;
    this.#queue = new MailQueueRepo(db);
    this.#box = secretBoxFor(options.secretKey, 'mail-queue');
    this.#log = options.log;
    const open = (mail: ClaimedMail) => {
      if (mail.payload === null) throw new Error('no payload');
      return outgoingMail(JSON.parse(this.#box.open(mail.payload), reviveDates) as MailRequest, options.render);
    };
    // The development outbox lists mail in the order it arrived: one at a time there, in queue order.
    const delivery = transport.name === 'outbox' ? { parallel: 1, ...options.delivery } : options.delivery;
    this.#delivery = new MailDelivery(this.#queue, transport, open, delivery, options.log, options.events);
  }

  get transport(): 'outbox' | 'smtp' {
    return this.#transport.name;
  }

  get queue(): MailQueueRepo {
    return this.#queue;
  }

  /** Queues a mail; it is stored when this answers, and delivered by the worker. */
  async send(request: MailRequest): Promise<void> {
    await this.#queue.enqueue(request.template, this.#seal(request));
    this.#delivery.kick();
  }

  /**
   * Makes a change and queues the mail that tells about it in one transaction: `change` writes with
   * `tx` (a code, a link token) and answers the mail. Either both are stored or neither is.
   */
  async sendWith(change: (tx: Orm) => Promise<MailRequest>): Promise<void> {
    await this.#orm.transaction(async (tx) => {
      const request = await change(tx);
      await this.#queue.enqueue(request.template, this.#seal(request), tx);
    });
    this.#delivery.kick();
  }

  #seal(request: MailRequest): string {
    return this.#box.seal(JSON.stringify(request, tagDates));
  }

  /**
   * A security notice to an account's address, when it has one. A notice that cannot be queued
   * (logged) does not undo the change it tells about.
   */
  async notify(
    account: { email: string | null; locale: string },
    template: TemplateName,
    data: TemplateData = {},
  ): Promise<void> {
    if (!account.email) return;
    await this.send({ to: account.email, locale: account.locale as LocaleTag, template, data }).catch(
      (error: unknown) => this.#log?.error({ err: error, template }, 'could not queue a notice'),
    );
  }

  kick(): void {
    this.#delivery.kick();
  }

  /** Who hears of each delivery and failure (the metrics). */
  observe(events: DeliveryEvents): void {
    this.#delivery.observe(events);
  }

  /** Delivers every mail due now (the development outbox calls it before it reads). */
  deliverDue(): Promise<number> {
    return this.#delivery.deliverDue();
  }

  start(): void {
    this.#delivery.start();
  }

  /** Stops the worker after its current pass; mail still queued waits for the next start. */
  stop(): Promise<void> {
    return this.#delivery.stop();
  }

  async close(): Promise<void> {
    await this.#delivery.stop();
    await this.#transport.close();
  }
}

/** JSON keeps a Date as `{"$date": ISO}` in the queue, so that templates get a Date back. */
function tagDates(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return original instanceof Date ? { $date: original.toISOString() } : value;
}

function reviveDates(_key: string, value: unknown): unknown {
  if (value && typeof value === 'object' && typeof (value as { $date?: unknown }).$date === 'string') {
    return new Date((value as { $date: string }).$date);
  }
  return value;
}

/** The mail as the transport sends it, rendered in its locale from its template and data. */
export function outgoingMail(request: MailRequest, options: RenderOptions): OutgoingMail {
  return {
    ...renderMail(request.template, request.locale, request.data, options),
    to: request.to,
    locale: request.locale,
    template: request.template,
    code: request.data.code ?? null,
    link: request.data.link ?? null,
    headers: request.headers ?? {},
  };
}

export class OutboxTransport implements MailTransport {
  readonly name = 'outbox';
  readonly #orm: Orm;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(orm: Orm, log?: FastifyBaseLogger) {
    this.#orm = orm;
    this.#log = log;
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    await this.#orm.insert(mailOutbox).values({
      toAddress: mail.to,
      locale: mail.locale,
      template: mail.template,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      code: mail.code,
      link: mail.link,
      headers: mail.headers,
    });
    this.#log?.info(
      { to: mail.to, subject: mail.subject, code: mail.code, link: mail.link },
      'mail stored in the development outbox (GET /dev/outbox?to=...)',
    );
  }

  /** The newest messages to an address first (case-insensitive), at most `limit`. */
  list(to: string, limit: number) {
    return this.#orm
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.toAddress}) = lower(${to})`)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(limit);
  }

  async close(): Promise<void> {}
}

export class SmtpTransport implements MailTransport {
  readonly name = 'smtp';
  readonly #transporter: Transporter;
  readonly #from: string;
  readonly #domain: string;

  constructor(url: string, from: string) {
    // A send never outlasts the queue's lease on its row (jobs/mail-delivery.ts).
    this.#transporter = nodemailer.createTransport({
      url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    this.#from = from;
    this.#domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  }

  async deliver(mail: OutgoingMail, id?: string): Promise<void> {
    await this.#transporter.sendMail({
      ...(id ? { messageId: `<${id}@${this.#domain}>` } : {}),
      from: this.#from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: { ...mail.headers, 'Content-Language': mail.locale },
    });
  }

  async close(): Promise<void> {
    this.#transporter.close();
  }
}
