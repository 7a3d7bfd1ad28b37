// The operations commands of the operators' command line (usage.ts lists them): the mail queue, an
// account's audit trail and a sweep now.
import type { Operations } from '../deps.ts';
import { describeUserAgent } from '../modules/audit/service.ts';
import { UsageError } from './usage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const time = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

export async function runOperationsCommand(
  command: string,
  args: string[],
  { sweep, mailQueue: queue, accounts, audit }: Operations,
): Promise<string[]> {
  switch (command) {
    case 'sweep run': {
      const report = await sweep.run();
      if (report === 'skipped') return ['another instance is sweeping now; nothing done'];
      return Object.entries(report).map(([table, rows]) => `${table}\t${rows} deleted`);
    }
    case 'mail queue': {
      const counts = await queue.counts();
      const lines = [
        `pending ${counts.pending} (of which retrying ${counts.retrying}), oldest waiting ${counts.oldestPendingSeconds} s`,
        `given up ${counts.failed}, sent ${counts.sent} (kept until the sweep)`,
      ];
      const failures = await queue.failures(20);
      if (failures.length > 0) lines.push('', 'latest failures (id, template, attempts, state, error):');
      for (const mail of failures) {
        const state = mail.failedAt ? `given up ${time(mail.failedAt)}` : `next attempt ${time(mail.nextAttemptAt)}`;
        lines.push(`${mail.id}\t${mail.template}\t${mail.attempts}\t${state}\t${mail.lastError ?? ''}`);
      }
      return lines;
    }
    case 'mail retry': {
      const [which] = args;
      if (which !== 'all' && !/^\d+$/.test(which ?? '')) throw new UsageError('mail retry needs a mail id or "all"');
      const count = await queue.requeueFailed(which === 'all' ? undefined : Number(which));
      return [`${count} given-up mail(s) queued again; a running server sends them within MAIL_POLL_MS`];
    }
    case 'audit': {
      const [who, ...rest] = args;
      if (!who) throw new UsageError('audit needs an email address or an account id');
      const limitAt = rest.indexOf('--limit');
      const limit = limitAt >= 0 ? Number(rest[limitAt + 1]) : 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new UsageError('--limit takes 1 to 10000');
      const account = UUID.test(who) ? await accounts.findById(who) : await accounts.findByEmail(who);
      // A deleted account's events stay until their retention ends: an id still finds them.
      const accountId = account?.id ?? (UUID.test(who) ? who : undefined);
      if (!accountId) return [`no account with the address ${who}`];
      const events = await audit.forOperator(accountId, limit);
      const title = account ? `${account.email ?? '(no address)'} ${account.id}` : `${accountId} (deleted)`;
      if (events.length === 0) return [`${title}: no security events kept`];
      return [
        `${title}: ${events.length} security event(s), newest first (time, event, method, address, device, game, operator)`,
        ...events.map((event) => {
          const { browser, os } = describeUserAgent(event.userAgent);
          const device = [browser, os].filter(Boolean).join(' on ') || (event.userAgent ?? '-');
          return [
            time(event.createdAt),
            event.type,
            event.method ?? '-',
            event.ip ?? '-',
            event.operator ? '-' : device,
            event.clientName ?? event.clientId ?? event.gameSlug ?? '-',
            event.operator ? `by ${event.operator}${event.detail ? `: ${event.detail}` : ''}` : '-',
          ].join('\t');
        }),
      ];
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}
