// Playtests, the operators' side (`npm run admin -- betas ...` and `twitch benefits put`): definitions
// from JSON files, platform keys imported all or nothing, campaign codes, and the figures. Keys and
// codes are printed to the operator who asked for them, never logged.
import { gamePlatformKey } from '@portal/contract/calls/games';
import type { GamePlatformKey } from '@portal/contract/calls/games';
import type { z } from 'zod';
import type { GamesService } from '../games/service.ts';
import { benefitDefinition, betaDefinition } from './beta-definition.ts';
import type { BetaStats } from './operators-repo.ts';
import type { BetaOperatorsRepo } from './operators-repo.ts';
import { parseKeyFile } from './platform-keys.ts';
import type { BetaRow } from './repo.ts';
import { newCode } from './service.ts';

export type { BetaRow } from './repo.ts';
export type { BetaStats } from './operators-repo.ts';

/** What an operator did wrong: the message is for them (no stack trace). */
export class BetaAdminError extends Error {
  override name = 'BetaAdminError';
  /** The bad lines of a key file, by line number (the console shows each beside the file). */
  readonly problems: readonly { line: number; problem: string }[];
  constructor(message: string, problems: readonly { line: number; problem: string }[] = []) {
    super(message);
    this.problems = problems;
  }
}

const MAX_CODES_AT_ONCE = 100_000;

function parsed<S extends z.ZodType>(schema: S, json: unknown, what: string): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues
    .slice(0, 10)
    .map((issue) => `  ${issue.path.join('.') || '(file)'}: ${issue.message}`);
  throw new BetaAdminError([`${what} is not valid:`, ...problems].join('\n'));
}

export class BetaOperatorsService {
  readonly #repo: BetaOperatorsRepo;
  readonly #games: GamesService;

  constructor(deps: { repo: BetaOperatorsRepo; games: GamesService }) {
    this.#repo = deps.repo;
    this.#games = deps.games;
  }

  async #beta(keyOrId: string): Promise<BetaRow> {
    const beta = await this.#repo.find(keyOrId);
    if (!beta) throw new BetaAdminError(`no playtest ${keyOrId} (betas list shows them)`);
    return beta;
  }

  async put(json: unknown) {
    const definition = parsed(betaDefinition, json, 'the playtest');
    if (!(await this.#games.find(definition.game)))
      throw new BetaAdminError(`no game ${definition.game} (games list shows them)`);
    return { key: definition.key, ...(await this.#repo.put(definition)) };
  }

  list(): Promise<BetaRow[]> {
    return this.#repo.list();
  }

  /** Imports a key file for one platform: every line checked first, then all keys or none. */
  async importKeys(keyOrId: string, platformName: string, text: string): Promise<number> {
    const beta = await this.#beta(keyOrId);
    const platform = gamePlatformKey.safeParse(platformName);
    if (!platform.success)
      throw new BetaAdminError(`${platformName} is not a platform key: ${gamePlatformKey.options.join(', ')}`);
    if (!beta.platforms.includes(platform.data))
      throw new BetaAdminError(`${beta.key} is not on ${platform.data} (its platforms: ${beta.platforms.join(', ')})`);
    const { keys, problems } = parseKeyFile(platform.data, text);
    const existing = await this.#repo.existingKeys(platform.data, keys);
    const lines = text.split(/\r?\n/);
    const lineOf = (key: string) =>
      lines.findIndex((line) => line.trim().toUpperCase().replaceAll('-', '') === key.replaceAll('-', '')) + 1;
    const all = [...problems, ...[...existing].map((key) => ({ line: lineOf(key), problem: 'imported before' }))].sort(
      (a, b) => a.line - b.line,
    );
    if (all.length > 0)
      throw new BetaAdminError(
        [
          `nothing imported: ${all.length} bad line(s)`,
          ...all.slice(0, 50).map((p) => `  line ${p.line}: ${p.problem}`),
        ].join('\n'),
        all,
      );
    if (keys.length === 0) throw new BetaAdminError('nothing imported: the file holds no keys');
    return this.#repo.importKeys(beta.id, platform.data as GamePlatformKey, keys);
  }

  /** Makes `count` campaign codes (single: one player each; shared: any number of players each). */
  async campaignCodes(keyOrId: string, count: number, type: 'single' | 'shared'): Promise<string[]> {
    if (!Number.isInteger(count) || count < 1 || count > MAX_CODES_AT_ONCE)
      throw new BetaAdminError(`the count is a whole number from 1 to ${MAX_CODES_AT_ONCE}`);
    const beta = await this.#beta(keyOrId);
    const codes: string[] = [];
    while (codes.length < count) {
      const code = newCode();
      if (await this.#repo.insertCampaignCode(code, beta.id, type)) codes.push(code);
    }
    return codes;
  }

  /** Adds one campaign code of the operator's choosing (the demo seed's); false when it exists already. */
  async addCampaignCode(keyOrId: string, code: string, type: 'single' | 'shared'): Promise<boolean> {
    const beta = await this.#beta(keyOrId);
    return this.#repo.insertCampaignCode(code, beta.id, type);
  }

  async stats(keyOrId: string): Promise<{ beta: BetaRow; stats: BetaStats }> {
    const beta = await this.#beta(keyOrId);
    return { beta, stats: await this.#repo.stats(beta.id) };
  }

  async putBenefit(json: unknown): Promise<{ benefitId: string; created: boolean }> {
    const definition = parsed(benefitDefinition, json, 'the benefit');
    if (!(await this.#games.find(definition.game)))
      throw new BetaAdminError(`no game ${definition.game} (games list shows them)`);
    const beta = await this.#beta(definition.beta);
    const created = await this.#repo.putBenefit(definition, beta.id);
    return { benefitId: definition.benefit_id, created };
  }
}
