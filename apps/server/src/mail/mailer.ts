// Sends the portal's mails through one of two transports: the development outbox (stored in the
// database, printed to the log, read back at GET /dev/outbox) or SMTP (SMTP_URL).
import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { LocaleTag } from '@portal/contract/data/locales';
import type { FastifyBaseLogger } from 'fastify';
import type { Orm } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';
import { RequestError } from '../http/request-error.ts';
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
  deliver(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

export class Mailer {
  readonly #transport: MailTransport;
  readonly #options: RenderOptions;
  readonly #log: FastifyBaseLogger | undefined;

  constructor(transport: MailTransport, options: RenderOptions, log?: FastifyBaseLogger) {
    this.#transport = transport;
    this.#options = options;
    this.#log = log;
  }

  get transport(): 'outbox' | 'smtp' {
    return this.#transport.name;
  }

  /** Renders and sends; a delivery failure is logged and answered as mail_service_error (1007). */
  async send(request: MailRequest): Promise<void> {
    const rendered = renderMail(request.template, request.locale, request.data, this.#options);
    const mail: OutgoingMail = {
      ...rendered,
      to: request.to,
      locale: request.locale,
      template: request.template,
      code: request.data.code ?? null,
      link: request.data.link ?? null,
      headers: request.headers ?? {},
    };
    try {
      await this.#transport.deliver(mail);
    } catch (error) {
      this.#log?.error({ err: error, template: request.template }, 'mail delivery failed');
      throw new RequestError('mail_service_error');
    }
  }

  /**
   * A security notice to an account's address, when it has one. A notice that cannot be delivered
   * (logged by send) does not undo the change it tells about.
   */
  async notify(
    account: { email: string | null; locale: string },
    template: TemplateName,
    data: TemplateData = {},
  ): Promise<void> {
    if (!account.email) return;
    await this.send({ to: account.email, locale: account.locale as LocaleTag, template, data }).catch(() => undefined);
  }

  close(): Promise<void> {
    return this.#transport.close();
  }
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

  constructor(url: string, from: string) {
    this.#transporter = nodemailer.createTransport(url);
    this.#from = from;
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    await this.#transporter.sendMail({
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
