// The mail worker of each instance (ADR 025): takes due rows of the mail queue, delivers them through
// the transport (the development outbox or SMTP), marks them sent, or schedules a retry with backoff
// and gives up after MAIL_MAX_ATTEMPTS or a permanent refusal. Woken when a mail is queued here, and
// every MAIL_POLL_MS for mail queued by another instance or due for a retry.
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport, OutgoingMail } from '../mail/mailer.ts';
import type { ClaimedMail, MailQueueRepo } from '../mail/queue-repo.ts';
import { isTemporary, retryDelayMs } from './retry-delay.ts';

export interface DeliveryOptions {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** Rows taken at once, and how many of them are sent side by side. */
  batch?: number;
  parallel?: number;
  /** How long a taken row stays with its worker (longer than any send can take). */
  leaseMs?: number;
}

export interface DeliveryEvents {
  sent(template: string): void;
  failed(template: string, outcome: 'retry' | 'given_up'): void;
}

const SEND_LEASE_MS = 120_000;

export class MailDelivery {
  readonly #queue: MailQueueRepo;
  readonly #transport: MailTransport;
  readonly #open: (mail: ClaimedMail) => OutgoingMail;
  readonly #options: Required<DeliveryOptions>;
  readonly #log: FastifyBaseLogger | undefined;
  #events: DeliveryEvents | undefined;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  #again = false;
  #kicked = false;
  #stopped = false;

  constructor(
    queue: MailQueueRepo,
    transport: MailTransport,
    open: (mail: ClaimedMail) => OutgoingMail,
    options: DeliveryOptions,
    log?: FastifyBaseLogger,
    events?: DeliveryEvents,
  ) {
    this.#queue = queue;
    this.#transport = transport;
    this.#open = open;
    this.#options = { batch: 20, parallel: 4, leaseMs: SEND_LEASE_MS, ...options };
    this.#log = log;
    this.#events = events;
  }

  /** Who hears of each delivery and failure (the metrics). */
  observe(events: DeliveryEvents): void {
    this.#events = events;
  }

  start(): void {
    this.#stopped = false;
    this.#timer ??= setInterval(() => this.kick(), this.#options.pollMs);
    this.#timer.unref();
    this.kick();
  }

  /**
   * Delivers what is due soon, without waiting for the next poll: on the next turn of the event loop,
   * once the answer of the call that queued the mail is on its way (its time does not include the
   * delivery, so it does not tell whether there was a mail to deliver).
   */
  kick(): void {
    if (this.#stopped || this.#kicked) return;
    this.#kicked = true;
    setImmediate(() => {
      this.#kicked = false;
      this.#start();
    });
  }

  /** Starts a pass unless one is under way (then another follows it); one pass at a time here. */
  #start(): Promise<number> | undefined {
    if (this.#stopped) return undefined;
    if (this.#running) {
      this.#again = true;
      return undefined;
    }
    const pass = this.#drain();
    this.#running = pass.finally(() => {
      this.#running = undefined;
      if (this.#again && !this.#stopped) {
        this.#again = false;
        void this.#start();
      }
    });
    return pass;
  }

  /**
   * Delivers everything due now (the development outbox reads after it); answers how many went. A
   * pass under way may hold a due mail: it is waited for, then a pass of its own runs.
   */
  async deliverDue(): Promise<number> {
    for (;;) {
      if (this.#running) {
        await this.#running.catch(() => 0);
        continue;
      }
      const pass = this.#start();
      if (pass) return pass;
      if (this.#stopped) return this.#drain();
    }
  }

  /** Stops polling and waits for the pass under way (a graceful stop). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    await this.#running?.catch(() => undefined);
  }

  async #drain(): Promise<number> {
    let delivered = 0;
    try {
      for (;;) {
        const claimed = await this.#queue.claim(this.#options.batch, this.#options.leaseMs);
        if (claimed.length === 0) return delivered;
        for (let i = 0; i < claimed.length; i += this.#options.parallel) {
          const sent = await Promise.all(
            claimed.slice(i, i + this.#options.parallel).map((mail) => this.#deliver(mail)),
          );
          delivered += sent.filter(Boolean).length;
        }
        if (this.#stopped) return delivered;
      }
    } catch (error) {
      // The database is unreachable or closing: the rows stay due; the next poll tries again.
      if (!this.#stopped) this.#log?.error({ err: error }, 'mail queue: could not take due mail');
      return delivered;
    }
  }

  async #deliver(mail: ClaimedMail): Promise<boolean> {
    let outgoing: OutgoingMail;
    try {
      outgoing = this.#open(mail);
    } catch (error) {
      this.#log?.error({ err: error, mail: mail.id }, 'mail queue: unreadable mail given up');
      await this.#queue.giveUp(mail.id, 'unreadable: ' + describe(error));
      this.#events?.failed(mail.template, 'given_up');
      return false;
    }
    try {
      await this.#transport.deliver(outgoing, `queue-${mail.id}`);
    } catch (error) {
      const reason = describe(error);
      if (!isTemporary(error) || mail.attempts >= this.#options.maxAttempts) {
        this.#log?.error({ mail: mail.id, template: mail.template, attempts: mail.attempts, reason }, 'mail given up');
        await this.#queue.giveUp(mail.id, reason);
        this.#events?.failed(mail.template, 'given_up');
      } else {
        const delay = retryDelayMs(mail.attempts, this.#options.retryBaseMs, this.#options.retryMaxMs, Math.random());
        this.#log?.warn(
          { mail: mail.id, template: mail.template, attempts: mail.attempts, reason },
          'mail retried later',
        );
        await this.#queue.retryLater(mail.id, delay, reason);
        this.#events?.failed(mail.template, 'retry');
      }
      return false;
    }
    await this.#queue.markSent(mail.id);
    this.#events?.sent(mail.template);
    return true;
  }
}

/** What went wrong, in a line an operator can read (never the mail's contents). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const code = (error as { responseCode?: number; code?: string }).responseCode ?? (error as { code?: string }).code;
  return `${code ? `${code} ` : ''}${error.message}`.slice(0, 300);
}
