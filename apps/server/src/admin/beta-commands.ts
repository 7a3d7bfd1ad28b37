// The playtest commands of the operators' command line (usage.ts lists them).
import { readFile } from 'node:fs/promises';
import { BetaAdminError } from '../modules/betas/operators-service.ts';
import type { BetaOperatorsService, BetaRow } from '../modules/betas/operators-service.ts';
import { UsageError } from './usage.ts';

async function readJsonFile(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new BetaAdminError(`cannot read ${file}: ${(error as Error).message}`);
  }
}

const when = (start: Date | null, end: Date | null) =>
  `${start ? start.toISOString().slice(0, 16) : 'always'} to ${end ? end.toISOString().slice(0, 16) : 'never'}`;

function line(beta: BetaRow): string {
  const title = beta.texts.title;
  const name = typeof title === 'string' ? title : ((title as { default?: string } | undefined)?.default ?? '');
  return (
    `${beta.key}\t${beta.id}\t${beta.gameSlug}\t${name}\t${beta.platforms.join(',')}` +
    `\tregistration ${when(beta.registrationStart, beta.registrationEnd)}` +
    `\tredemption ${when(beta.redemptionStart, beta.redemptionEnd)}\tversion ${beta.version}`
  );
}

/** Runs one playtest command; answers the lines to print. */
export async function runBetaCommand(
  command: string,
  args: string[],
  service: BetaOperatorsService,
): Promise<string[]> {
  const need = (n: number) => {
    if (args.length < n) throw new UsageError(`${command} needs ${n} argument${n === 1 ? '' : 's'}`);
  };
  switch (command) {
    case 'betas put': {
      need(1);
      const { key, id, created, changed } = await service.put(await readJsonFile(args[0] as string));
      if (created) return [`added playtest ${key} (${id})`];
      return [changed ? `updated playtest ${key}: open pages of it are now out of date` : `playtest ${key} unchanged`];
    }
    case 'betas list': {
      const rows = await service.list();
      return rows.length === 0 ? ['no playtests'] : rows.map(line);
    }
    case 'betas codes': {
      // betas codes import <beta> <platform> <file>
      if (args[0] !== 'import') throw new UsageError('betas codes takes import <beta> <platform> <file>');
      if (args.length < 4) throw new UsageError('betas codes import needs <beta> <platform> <file>');
      const [, beta, platform, file] = args as [string, string, string, string];
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        throw new BetaAdminError(`cannot read ${file}: ${(error as Error).message}`);
      }
      const imported = await service.importKeys(beta, platform, text);
      return [`imported ${imported} ${platform} key(s) into ${beta}`];
    }
    case 'betas campaign-codes': {
      need(2);
      const [beta, count, ...options] = args as [string, string, ...string[]];
      let type: 'single' | 'shared' = 'single';
      for (let i = 0; i < options.length; i++) {
        if (options[i] === '--type' && (options[i + 1] === 'single' || options[i + 1] === 'shared')) {
          type = options[i + 1] as 'single' | 'shared';
          i++;
        } else throw new UsageError(`unknown option ${options[i]} (--type single|shared)`);
      }
      if (!/^\d+$/.test(count)) throw new UsageError('the count is a whole number');
      return service.campaignCodes(beta, Number(count), type);
    }
    case 'betas stats': {
      need(1);
      const { beta, stats } = await service.stats(args[0] as string);
      return [
        `${beta.key}: ${stats.registered} registered, ${stats.redeemed} redeemed, ${stats.referralCodes} referral code(s)`,
        ...(stats.keys.length === 0
          ? ['no platform keys imported']
          : stats.keys.map((k) => `${k.platform}\t${k.total} imported\t${k.awarded} awarded\t${k.left} left`)),
      ];
    }
    case 'twitch benefits': {
      if (args[0] !== 'put' || args.length < 2) throw new UsageError('twitch benefits takes put <file.json>');
      const { benefitId, created } = await service.putBenefit(await readJsonFile(args[1] as string));
      return [`${created ? 'added' : 'updated'} Twitch benefit ${benefitId}`];
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}
