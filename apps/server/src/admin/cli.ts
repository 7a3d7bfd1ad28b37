// The operators' command line: `npm run admin -- <command>` (README "Operating"). It works on the
// database the server is configured with (DATABASE_URL, or the embedded database in DATA_DIR,
// which the server must not have open at the same time).
import { readFile } from 'node:fs/promises';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import type { Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { Consents } from '../modules/accounts/consents.ts';
import { GameRegistry, RegistryError } from '../modules/games/registry.ts';

export const USAGE = `Usage: npm run admin -- <command>

  games list                                  the games, with how many OAuth clients each has
  games put <file.json>                       adds a game, or updates it, from a JSON file
                                              {slug, name, user_experience, mature_audience,
                                               flagged_account_oauth_enabled, featured}
  clients list [<game>]                       the OAuth clients (of one game) and their redirect URIs
  clients add <game> <client_id> [--name <name>] [--confidential] [--redirect-uri <uri>]...
                                              adds a client; a confidential one gets a secret, shown once
  clients remove <client_id>
  clients add-uri <client_id> <uri>           allows one more redirect URI (matched exactly)
  clients remove-uri <client_id> <uri>
  terms publish <tos|privacy_policy>          publishes a new version: every account must consent again
`;

export class UsageError extends Error {
  override name = 'UsageError';
}

/** Runs one command against a database; answers the lines to print. */
export async function runAdmin(argv: string[], db: Database): Promise<string[]> {
  const [area, command, ...args] = argv;
  const registry = new GameRegistry(db.orm);
  const need = (n: number) => {
    if (args.length < n) throw new UsageError(`${area} ${command} needs ${n} argument${n === 1 ? '' : 's'}`);
  };
  switch (`${area} ${command}`) {
    case 'games list': {
      const rows = await registry.listGames();
      if (rows.length === 0) return ['no games'];
      return rows.map((g) => `${g.slug}\t${g.name}\t${g.clients} client(s)${g.featured ? '\tfeatured' : ''}`);
    }
    case 'games put': {
      need(1);
      const file = args[0] as string;
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new RegistryError(`cannot read ${file}: ${(error as Error).message}`);
      }
      const { slug, created } = await registry.putGame(json);
      return [`${created ? 'added' : 'updated'} game ${slug}`];
    }
    case 'clients list': {
      const rows = await registry.listClients(args[0]);
      if (rows.length === 0) return ['no clients'];
      return rows.flatMap((c) => [
        `${c.clientId}\t${c.game}\t${c.kind}\t${c.name}`,
        ...c.redirectUris.map((u) => `  ${u}`),
      ]);
    }
    case 'clients add': {
      need(2);
      const [game, clientId, ...options] = args as [string, string, ...string[]];
      const redirectUris: string[] = [];
      let name: string | undefined;
      let confidential = false;
      for (let i = 0; i < options.length; i++) {
        const option = options[i];
        const value = options[i + 1];
        if (option === '--confidential') confidential = true;
        else if ((option === '--redirect-uri' || option === '--name') && value !== undefined) {
          if (option === '--name') name = value;
          else redirectUris.push(value);
          i++;
        } else throw new UsageError(`unknown option ${option}`);
      }
      const { secret } = await registry.addClient({ game, clientId, name, confidential, redirectUris });
      return [
        `added ${confidential ? 'confidential' : 'public'} client ${clientId} to ${game}`,
        ...(secret ? [`client secret (shown only now, keep it safe): ${secret}`] : []),
      ];
    }
    case 'clients remove':
      need(1);
      await registry.removeClient(args[0] as string);
      return [`removed client ${args[0]}`];
    case 'clients add-uri':
    case 'clients remove-uri': {
      need(2);
      const [id, uri] = args as [string, string];
      const uris =
        command === 'add-uri' ? await registry.addRedirectUri(id, uri) : await registry.removeRedirectUri(id, uri);
      return [`redirect URIs of ${id}:`, ...uris.map((u) => `  ${u}`)];
    }
    case 'terms publish': {
      need(1);
      const type = args[0];
      if (type !== 'tos' && type !== 'privacy_policy')
        throw new UsageError('terms publish takes tos or privacy_policy');
      const version = await new Consents(db.orm).publish(type);
      return [`published ${type} version ${version}: every account is asked to consent again`];
    }
    default:
      throw new UsageError(
        area === undefined || area === 'help' || area === '--help' ? '' : `unknown command ${argv.join(' ')}`,
      );
  }
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
    process.stdout.write(USAGE);
    return;
  }
  const config = loadConfig();
  const db = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrate(db);
    for (const line of await runAdmin(argv, db)) console.log(line);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(`error: ${error.message}\n`);
      process.stderr.write(USAGE);
      process.exit(2);
    }
    console.error(error instanceof RegistryError || error instanceof ConfigError ? `error: ${error.message}` : error);
    process.exit(1);
  });
}
