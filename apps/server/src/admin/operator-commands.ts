// The operators of the console from the command line (issue 33): the first operators are added here
// (an admin then manages the others in the console), and a lost authenticator is reset here.
import type { Operations } from '../deps.ts';
import { isRole, OperatorAdminError } from '../modules/operators/service.ts';
import { osUser } from './account-commands.ts';
import { UsageError } from './usage.ts';

const time = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

export async function runOperatorCommand(
  command: string,
  args: string[],
  { operators }: Operations,
): Promise<string[]> {
  switch (command) {
    case 'list': {
      if (args.length > 0) throw new UsageError('operators list takes no arguments');
      const rows = await operators.list();
      if (rows.length === 0) return ['no operators yet: add the first with `operators add <email> --role admin`'];
      return rows.map(
        (o) =>
          `${o.email}\t${o.role}\t${o.disabledAt ? 'disabled' : o.passwordHash ? 'set up' : 'waiting for setup'}\tlast sign-in ${o.lastSignInAt ? time(o.lastSignInAt) : 'never'}`,
      );
    }
    case 'add': {
      const [email, flag, role, ...rest] = args;
      if (!email || email.startsWith('--') || flag !== '--role' || !role || rest.length > 0) {
        throw new UsageError('operators add <email> --role viewer|support|admin');
      }
      if (!isRole(role)) throw new UsageError(`unknown role ${role} (viewer, support or admin)`);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new OperatorAdminError(`${email} is not an email address`);
      const added = await operators.add({ email, role }, { commandLine: osUser() });
      return [
        `added ${added.operator.email} (${role}); hand them this setup link (it works once, until ${time(added.setupExpiresAt)}):`,
        added.setupUrl,
        'they choose a password and add the console to an authenticator app there',
      ];
    }
    case 'reset': {
      const [email, ...rest] = args;
      if (!email || rest.length > 0) throw new UsageError('operators reset <email>');
      const row = await operators.findByEmail(email);
      if (!row) throw new OperatorAdminError(`no operator with the address ${email}`);
      const reset = await operators.resetSetup(row.id, { commandLine: osUser() });
      return [
        `${row.email} signed out; their password and authenticator no longer work. New setup link (until ${time(reset.setupExpiresAt)}):`,
        reset.setupUrl,
      ];
    }
    default:
      throw new UsageError(`unknown command operators ${command}`);
  }
}
