// The commands of the operators' command line (cli.ts), run on the services composeOperations
// (composition.ts) builds on an open database.
import { readFile } from 'node:fs/promises';
import type { Operations } from '../deps.ts';
import { RegistryError } from '../modules/games/registry-service.ts';
import type { ClientChange } from '../modules/games/registry-service.ts';
import { PLATFORM_CONFIG_TTL_MS, PlatformConfigError } from '../modules/platform-links/registry-service.ts';
import { runAccountCommand } from './account-commands.ts';
import { runOperatorCommand } from './operator-commands.ts';
import { runBetaCommand } from './beta-commands.ts';
import { runOperationsCommand } from './operations-commands.ts';
import { UsageError } from './usage.ts';

/** Runs one command; answers the lines to print. */
export async function runAdmin(argv: string[], operations: Operations): Promise<string[]> {
  const [area, command, ...args] = argv;
  const registry = operations.gameRegistry;
  const need = (n: number) => {
    if (args.length < n) throw new UsageError(`${area} ${command} needs ${n} argument${n === 1 ? '' : 's'}`);
  };
  if (area === 'audit')
    return runOperationsCommand('audit', command === undefined ? [] : [command, ...args], operations);
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
        `${c.clientId}\t${c.game}\t${c.kind}\t${c.firstParty ? 'first-party' : 'third-party'}\t${c.name}` +
          `\tscopes: ${c.allowedScopes.join(' ')}`,
        ...c.redirectUris.map((u) => `  ${u}`),
      ]);
    }
    case 'clients add': {
      need(2);
      const [game, clientId, ...options] = args as [string, string, ...string[]];
      const redirectUris: string[] = [];
      let confidential = false;
      const rest: string[] = [];
      for (let i = 0; i < options.length; i++) {
        const option = options[i] as string;
        const value = options[i + 1];
        if (option === '--confidential') confidential = true;
        else if (option === '--redirect-uri' && value !== undefined) {
          redirectUris.push(value);
          i++;
        } else rest.push(option);
      }
      const change = clientChange(rest);
      const { secret } = await registry.addClient({ game, clientId, confidential, redirectUris, ...change });
      return [
        `added ${confidential ? 'confidential' : 'public'} ${change.firstParty ? 'first-party' : 'third-party'} ` +
          `client ${clientId} to ${game}`,
        ...(secret ? [`client secret (shown only now, keep it safe): ${secret}`] : []),
      ];
    }
    case 'clients update': {
      need(2);
      const [id, ...options] = args as [string, ...string[]];
      const c = await registry.updateClient(id, clientChange(options));
      return [
        `client ${c.clientId}: ${c.firstParty ? 'first-party' : 'third-party'}, ${c.name}, scopes: ${c.allowedScopes.join(' ')}`,
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
      const version = await operations.consents.publish(type);
      return [`published ${type} version ${version}: every account is asked to consent again`];
    }
    case 'platforms list': {
      const rows = await operations.platforms.list();
      if (rows.length === 0) return ['no platforms'];
      return rows.map(
        (p) =>
          `${p.platform}\t${p.protocol}\t${p.offered ? 'offered' : p.enabled ? 'enabled, protocol not implemented' : 'disabled'}` +
          `\t${p.restricted ? 'restricted' : `relink cooldown ${p.relinkCooldownDays} days`}` +
          `\t${p.issuer ?? p.endpoints.token ?? p.endpoints.exchange ?? p.endpoints.openid ?? ''}` +
          `\tsecret ${p.clientSecretSet ? 'set' : 'not set'}`,
      );
    }
    case 'platforms put': {
      need(1);
      const file = args[0] as string;
      let json: unknown;
      try {
        json = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new PlatformConfigError(`cannot read ${file}: ${(error as Error).message}`);
      }
      await operations.platforms.put(json);
      const name = (json as { platform?: string }).platform;
      return [`configured platform ${name}: every instance uses it within ${PLATFORM_CONFIG_TTL_MS / 1000} s`];
    }
    case 'betas put':
    case 'betas list':
    case 'betas codes':
    case 'betas campaign-codes':
    case 'betas stats':
    case 'twitch benefits':
      return runBetaCommand(`${area} ${command}`, args, operations.betas);
    case 'accounts show':
    case 'accounts ban':
    case 'accounts unban':
    case 'accounts block':
    case 'accounts unblock':
    case 'accounts sign-out':
    case 'accounts flag':
    case 'accounts unflag':
      return runAccountCommand(command as string, args, operations);
    case 'operators list':
    case 'operators add':
    case 'operators reset':
      return runOperatorCommand(command as string, args, operations);
    case 'mail queue':
    case 'mail retry':
    case 'sweep run':
      return runOperationsCommand(`${area} ${command}`, args, operations);
    default:
      throw new UsageError(
        area === undefined || area === 'help' || area === '--help' ? '' : `unknown command ${argv.join(' ')}`,
      );
  }
}

/** The options of `clients add` and `clients update`: --name, --scopes "<scope> ...", --first-party, --third-party. */
function clientChange(options: string[]): ClientChange {
  const change: ClientChange = {};
  for (let i = 0; i < options.length; i++) {
    const option = options[i];
    const value = options[i + 1];
    if (option === '--first-party') change.firstParty = true;
    else if (option === '--third-party') change.firstParty = false;
    else if ((option === '--name' || option === '--scopes') && value !== undefined) {
      if (option === '--name') change.name = value;
      else change.scopes = value.split(/[\s,]+/).filter((scope) => scope !== '');
      i++;
    } else throw new UsageError(`unknown option ${option}`);
  }
  return change;
}
