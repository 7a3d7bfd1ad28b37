// The moderation commands of the operators' command line (issue 30; usage.ts lists them): an
// account's standing at a glance, bans and blocks and their lifting, ending every sign-in, and the
// registration flag. Every action names its operator (--by, else the user running the command) and
// may give a reason (--why); both go to the account's audit trail.
import { userInfo } from 'node:os';
import type { Operations } from '../deps.ts';
import { banEnd, operatorName, playerNote, reasonOf } from '../modules/moderation/service.ts';
import type { AccountReport, RestrictionRow } from '../modules/moderation/service.ts';
import { UsageError } from './usage.ts';

const time = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

/** `--name value` options of a command; a repeated, unknown or valueless one is a usage error. */
function options(args: string[], allowed: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i] as string;
    const value = args[i + 1];
    if (!name.startsWith('--') || !allowed.includes(name.slice(2)))
      throw new UsageError(`unknown option ${name} (this command takes ${allowed.map((a) => `--${a}`).join(', ')})`);
    if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
    if (Object.hasOwn(found, name.slice(2))) throw new UsageError(`${name} given twice`);
    found[name.slice(2)] = value;
  }
  return found;
}

/** The user running the command (the operator, when no --by names one). */
export function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'operator';
  }
}

function restrictionLine(row: RestrictionRow & { inForce: boolean }): string {
  const scope = row.gameSlug === null ? 'account' : `game ${row.gameSlug}`;
  const state = row.inForce
    ? 'IN FORCE'
    : row.liftedAt !== null
      ? row.liftedBy === 'expired'
        ? 'ended'
        : `lifted ${time(row.liftedAt)} by ${row.liftedBy}${row.liftedWhy ? ` (${row.liftedWhy})` : ''}`
      : row.endsAt !== null && row.endsAt.getTime() <= Date.now()
        ? 'ended'
        : 'not started';
  return [
    `  ${row.kind}\t${scope}\t${row.reason}\t${state}`,
    `\tfrom ${time(row.startsAt)} ${row.endsAt ? `until ${time(row.endsAt)}` : 'without end'}; set by ${row.createdBy}${row.createdWhy ? ` (${row.createdWhy})` : ''}`,
    ...(row.note ? [`\tnote to the player: ${row.note}`] : []),
  ].join('\n');
}

function reportLines(report: AccountReport): string[] {
  const { account, restrictions, signIns } = report;
  const inForce = restrictions.filter((r) => r.inForce);
  const status =
    inForce.length === 0
      ? 'active'
      : inForce
          .map((r) =>
            r.kind === 'block'
              ? `blocked (${r.reason})`
              : `banned${r.gameSlug ? ` from ${r.gameSlug}` : ''} (${r.reason}) ${r.endsAt ? `until ${time(r.endsAt)}` : 'without end'}`,
          )
          .join('; ');
  const links = Object.entries(account.platformLinks).map(
    ([platform, link]) => `${platform} ${link.last_seen_username ?? link.auth_id}`,
  );
  return [
    `account ${account.id} (${account.publicId})`,
    `  email\t${account.email ?? '(none)'}${account.emailVerified ? ' (verified)' : ' (not verified)'}`,
    `  name\t${account.username ?? '(none)'}`,
    `  kind\t${account.stub ? 'stub (platform-first, not completed)' : account.completed ? 'full' : 'incomplete'}; created ${time(account.createdAt)}`,
    `  status\t${status}`,
    `  flags\tregistration ${account.registrationFlagged ? 'FLAGGED (must verify the address)' : 'not flagged'}; ${account.lockedAt ? `soft-locked since ${time(account.lockedAt)}` : 'not locked'}; two-factor ${account.mfaSecret ? 'on' : 'off'}`,
    `  links\t${links.length === 0 ? '(none)' : links.join(', ')}`,
    `  sign-ins\t${signIns.web} on the portal, ${signIns.games} in games (live)`,
    ...(restrictions.length === 0
      ? ['  bans and blocks: none']
      : ['  bans and blocks, newest first:', ...restrictions.map(restrictionLine)]),
  ];
}

export async function runAccountCommand(
  command: string,
  args: string[],
  { moderation }: Operations,
): Promise<string[]> {
  const [who, ...rest] = args;
  if (!who || who.startsWith('--')) throw new UsageError(`accounts ${command} needs an email address or an account id`);
  const account = await moderation.find(who);
  const acting = (o: Record<string, string>) => ({ by: operatorName(o.by, osUser()), why: o.why?.trim() || null });
  switch (command) {
    case 'show':
      options(rest, []);
      return reportLines(await moderation.report(account));
    case 'ban': {
      const o = options(rest, ['reason', 'note', 'until', 'game', 'why', 'by']);
      const until = banEnd(o.until, new Date());
      const set = await moderation.ban(account, {
        ...acting(o),
        reason: reasonOf('ban', o.reason),
        note: playerNote(o.note),
        until,
        game: o.game ?? null,
      });
      return [
        `banned ${account.email ?? account.id}${set.gameSlug ? ` from ${set.gameSlug}` : ''} (${set.reason}) ${set.endsAt ? `until ${time(set.endsAt)}` : 'without end'}`,
        set.gameSlug
          ? `the game's sign-ins ended; its sign-ins are refused on every instance from now`
          : 'every sign-in ended; every way in is refused on every instance from now',
      ];
    }
    case 'unban': {
      const o = options(rest, ['game', 'why', 'by']);
      const lifted = await moderation.unban(account, { ...acting(o), game: o.game ?? null });
      return [
        `lifted the ban of ${account.email ?? account.id}${lifted.gameSlug ? ` from ${lifted.gameSlug}` : ''} (${lifted.reason})`,
      ];
    }
    case 'block': {
      const o = options(rest, ['reason', 'note', 'why', 'by']);
      await moderation.block(account, { ...acting(o), reason: reasonOf('block', o.reason), note: playerNote(o.note) });
      return [`blocked ${account.email ?? account.id}: every sign-in ended, data and links kept; unblock to lift`];
    }
    case 'unblock': {
      const o = options(rest, ['why', 'by']);
      await moderation.unblock(account, acting(o));
      return [`unblocked ${account.email ?? account.id}`];
    }
    case 'sign-out': {
      const o = options(rest, ['why', 'by']);
      const { ended } = await moderation.signOut(account, acting(o));
      return [`ended ${ended} live sign-in(s) of ${account.email ?? account.id}; the next request of each is refused`];
    }
    case 'flag':
    case 'unflag': {
      const o = options(rest, ['why', 'by']);
      const changed = await moderation.flag(account, command === 'flag', acting(o));
      const what = command === 'flag' ? 'flagged: asked to verify the address before going on' : 'no longer flagged';
      return [
        changed
          ? `${account.email ?? account.id} ${what}`
          : `${account.email ?? account.id} was already ${command === 'flag' ? 'flagged' : 'not flagged'}; nothing changed`,
      ];
    }
    default:
      throw new UsageError(`unknown command accounts ${command}`);
  }
}
