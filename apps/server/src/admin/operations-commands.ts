// The operations commands of the operators' command line (usage.ts lists them): the mail queue.
import type { Database } from '../db/database.ts';
import { MailQueueRepo } from '../mail/queue-repo.ts';
import { UsageError } from './usage.ts';

const time = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

export async function runOperationsCommand(command: string, args: string[], db: Database): Promise<string[]> {
  switch (command) {
    case 'mail queue': {
      const queue = new MailQueueRepo(db);
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
      const count = await new MailQueueRepo(db).requeueFailed(which === 'all' ? undefined : Number(which));
      return [`${count} given-up mail(s) queued again; a running server sends them within MAIL_POLL_MS`];
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}
