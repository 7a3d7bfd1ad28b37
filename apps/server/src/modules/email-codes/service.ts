// One-time codes sent by mail: 6 digits from the CSPRNG, stored as a salted hash, single use,
// valid 10 minutes, at most 5 wrong tries; a newer code replaces the older ones. Sending is
// limited per address and per client, and a refusal says how long to wait.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { RequestError } from '../../http/request-error.ts';
import type { CounterStore } from '../../rate-limit/counter-store.ts';
import type { Orm } from '../../db/database.ts';
import type { EmailCodesRepo } from './repo.ts';

export type CodePurpose = 'register' | 'sign_in' | 'verify_email' | 'delete_account';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** At most one code per address and purpose every 30 s, and 5 in 10 minutes. */
const GAP_MS = 30_000;
const WINDOW_MS = 10 * 60_000;
const PER_WINDOW = 5;

function hashCode(id: string, code: string): Buffer {
  return createHash('sha256').update(`${id}:${code}`).digest();
}

export class EmailCodesService {
  readonly #repo: EmailCodesRepo;
  readonly #counters: CounterStore;
  readonly #perClientHour: number;

  /** `perClientHour`: codes one client address may ask for per hour, all addresses together. */
  constructor(repo: EmailCodesRepo, counters: CounterStore, options: { perClientHour: number }) {
    this.#repo = repo;
    this.#counters = counters;
    this.#perClientHour = options.perClientHour;
  }

  /** Refuses with too_many_requests (and the wait in seconds) when this send would pass a limit. */
  async checkSendLimits(purpose: CodePurpose | 'recovery' | 'unlock', email: string, client: string): Promise<void> {
    const address = email.toLowerCase();
    const checks: [string, number, number][] = [
      [`code-gap:${purpose}:${address}`, GAP_MS, 1],
      [`code-window:${purpose}:${address}`, WINDOW_MS, PER_WINDOW],
      [`code-client:${client}`, 3_600_000, this.#perClientHour],
    ];
    for (const [key, windowMs, max] of checks) {
      const hit = await this.#counters.hit(key, windowMs);
      if (hit.count > max) {
        const seconds = Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000));
        throw new RequestError('too_many_requests', { body: { seconds }, headers: { 'retry-after': String(seconds) } });
      }
    }
  }

  /**
   * Makes a new code for an address, replacing earlier ones; answers the code to mail. With `tx`, in
   * that transaction (the one that queues its mail: Mailer.sendWith).
   */
  async issue(purpose: CodePurpose, email: string, tx?: Orm): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const id = crypto.randomUUID();
    await this.#repo.replace(
      {
        id,
        purpose,
        email,
        codeHash: hashCode(id, code).toString('hex'),
        expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
      },
      tx,
    );
    return code;
  }

  /**
   * Uses up the code, or throws email_code_not_sent / email_code_expired / email_code_invalid, and
   * email_code_attempts_exceeded from the last wrong try on (the code is spent: a new one is needed).
   */
  async consume(purpose: CodePurpose, email: string, code: string): Promise<void> {
    const row = await this.#repo.latest(purpose, email);
    if (!row || row.consumedAt !== null) throw new RequestError('email_code_not_sent');
    if (row.attempts >= CODE_MAX_ATTEMPTS) throw new RequestError('email_code_attempts_exceeded');
    if (row.expiresAt.getTime() <= Date.now()) throw new RequestError('email_code_expired');
    const matches = timingSafeEqual(Buffer.from(row.codeHash, 'hex'), hashCode(row.id, code.trim()));
    if (!matches) {
      await this.#repo.countWrongAttempt(row.id);
      const left = CODE_MAX_ATTEMPTS - row.attempts - 1;
      if (left <= 0) throw new RequestError('email_code_attempts_exceeded');
      throw new RequestError('email_code_invalid', { body: { attempts_left: left } });
    }
    if (!(await this.#repo.consume(row.id))) throw new RequestError('email_code_not_sent');
  }
}
