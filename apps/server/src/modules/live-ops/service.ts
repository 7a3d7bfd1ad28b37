// Live operations in the operators' console (issue 33): the playtests' figures, keys and campaign
// codes; games and their OAuth clients; the terms; the mail queue; the feature flags. The work is
// done by the services the command line uses (built once by the composition root); this service
// turns their operator errors into the API's and writes every change to the operators' audit.
import type { PlaytestSummary } from '@portal/contract/calls/console-live-ops';
import type { FEATURE_FLAGS } from '@portal/contract/calls/console-live-ops';
import { RequestError } from '../../http/request-error.ts';
import type { MailQueueRepo } from '../../mail/queue-repo.ts';
import type { SettingsService } from '../settings/service.ts';
import type { OperatorRow, OperatorsService } from '../operators/service.ts';

type Flag = (typeof FEATURE_FLAGS)[number];

interface BetaLike {
  id: string;
  key: string;
  gameSlug: string;
  platforms: string[];
  registrationStart: Date | null;
  registrationEnd: Date | null;
  redemptionStart: Date | null;
  redemptionEnd: Date | null;
}
interface BetaStatsLike {
  registered: number;
  redeemed: number;
  referralCodes: number;
  keys: { platform: string; total: number; awarded: number; left: number }[];
}
interface ClientLike {
  clientId: string;
  name: string;
  kind: string;
  redirectUris: string[];
  allowedScopes: string[];
  firstParty: boolean;
}

/** What live operations need of the other modules (structural: the composition root passes them). */
export interface LiveOpsDeps {
  betas: {
    list(): Promise<BetaLike[]>;
    stats(key: string): Promise<{ beta: BetaLike; stats: BetaStatsLike }>;
    importKeys(key: string, platform: string, text: string): Promise<number>;
    campaignCodes(key: string, count: number, type: 'single' | 'shared'): Promise<string[]>;
  };
  registry: {
    listGames(): Promise<{ slug: string; name: string; featured: boolean }[]>;
    listClients(game?: string): Promise<(ClientLike & { game: string })[]>;
    addRedirectUri(id: string, uri: string): Promise<string[]>;
    rotateSecret(id: string): Promise<string>;
  };
  terms: { publish(type: 'tos' | 'privacy_policy'): Promise<number> };
  mail: Pick<MailQueueRepo, 'counts' | 'failures' | 'requeueFailed'>;
  flags: Pick<SettingsService, 'flags' | 'setFlag' | 'maintenance' | 'setMaintenance'>;
  operators: Pick<OperatorsService, 'audit'>;
  maintenance: boolean;
}

/** An operator's mistake the command line would print (a bad key file, an unknown client...) as a field error. */
async function asFieldError<T>(path: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && ['BetaAdminError', 'RegistryError'].includes(error.name)) {
      const lines = (error as Error & { problems?: readonly { line: number; problem: string }[] }).problems ?? [];
      const issues =
        lines.length > 0
          ? lines.slice(0, 50).map((p) => ({ path, code: 'line', message: `Line ${p.line}: ${p.problem}` }))
          : [{ path, code: 'refused', message: error.message }];
      throw new RequestError('invalid_request', { body: { issues } });
    }
    throw error;
  }
}

const clientView = (c: ClientLike) => ({
  client_id: c.clientId,
  name: c.name,
  kind: c.kind === 'confidential' ? ('confidential' as const) : ('public' as const),
  redirect_uris: c.redirectUris,
  allowed_scopes: c.allowedScopes,
  first_party: c.firstParty,
});

export class LiveOpsService {
  readonly #d: LiveOpsDeps;
  constructor(deps: LiveOpsDeps) {
    this.#d = deps;
  }

  #audit(operator: OperatorRow, why: string, action: string, target: string, before: unknown, after: unknown) {
    return this.#d.operators.audit({ operator, why }, action, { id: target }, before, after, { kind: 'live_ops' });
  }

  /** A playtest's figures; `not_found` for a key no playtest has. */
  async #summary(key: string): Promise<PlaytestSummary> {
    const { beta, stats } = await this.#d.betas.stats(key).catch((error: unknown) => {
      throw error instanceof Error && error.name === 'BetaAdminError' ? new RequestError('not_found') : error;
    });
    return {
      id: beta.id,
      key: beta.key,
      game: beta.gameSlug,
      platforms: beta.platforms,
      registration_start: beta.registrationStart,
      registration_end: beta.registrationEnd,
      redemption_start: beta.redemptionStart,
      redemption_end: beta.redemptionEnd,
      registered: stats.registered,
      redeemed: stats.redeemed,
      referral_codes: stats.referralCodes,
      keys: stats.keys,
    };
  }

  async playtests(): Promise<PlaytestSummary[]> {
    const list = await this.#d.betas.list();
    return Promise.all(list.map((b) => this.#summary(b.key)));
  }

  async importKeys(key: string, input: { platform: string; text: string; why: string }, operator: OperatorRow) {
    const before = await this.#summary(key);
    const imported = await asFieldError('body.text', () => this.#d.betas.importKeys(key, input.platform, input.text));
    const playtest = await this.#summary(key);
    await this.#audit(
      operator,
      input.why,
      'playtest.import_keys',
      `playtest:${key}`,
      { keys: before.keys },
      {
        platform: input.platform,
        imported,
        keys: playtest.keys,
      },
    );
    return { imported, playtest };
  }

  async campaignCodes(
    key: string,
    input: { count: number; type: 'single' | 'shared'; why: string },
    operator: OperatorRow,
  ) {
    await this.#summary(key);
    const codes = await this.#d.betas.campaignCodes(key, input.count, input.type);
    await this.#audit(operator, input.why, 'playtest.campaign_codes', `playtest:${key}`, null, {
      count: codes.length,
      type: input.type,
    });
    return { codes };
  }

  async games() {
    const [games, clients] = await Promise.all([this.#d.registry.listGames(), this.#d.registry.listClients()]);
    return {
      games: games.map((g) => ({
        slug: g.slug,
        name: g.name,
        featured: g.featured,
        clients: clients.filter((c) => c.game === g.slug).map(clientView),
      })),
    };
  }

  async #client(id: string) {
    const client = (await this.#d.registry.listClients()).find((c) => c.clientId === id);
    if (!client) throw new RequestError('not_found');
    return client;
  }

  async addRedirectUri(id: string, uri: string, why: string, operator: OperatorRow) {
    const before = await this.#client(id);
    const after = await asFieldError('body.uri', () => this.#d.registry.addRedirectUri(id, uri));
    await this.#audit(
      operator,
      why,
      'client.add_redirect_uri',
      `client:${id}`,
      { redirect_uris: before.redirectUris },
      {
        redirect_uris: after,
      },
    );
    return clientView(await this.#client(id));
  }

  async rotateSecret(id: string, why: string, operator: OperatorRow) {
    await this.#client(id);
    const secret = await asFieldError('params.client_id', () => this.#d.registry.rotateSecret(id));
    await this.#audit(operator, why, 'client.rotate_secret', `client:${id}`, null, { rotated: true });
    return { client_id: id, client_secret: secret };
  }

  async publishTerms(document: 'tos' | 'privacy_policy', why: string, operator: OperatorRow) {
    const version = await this.#d.terms.publish(document);
    await this.#audit(operator, why, 'terms.publish', `terms:${document}`, { version: version - 1 }, { version });
    return { document, version };
  }

  async mail() {
    const [counts, failures] = await Promise.all([this.#d.mail.counts(), this.#d.mail.failures(50)]);
    return {
      pending: counts.pending,
      retrying: counts.retrying,
      failed: counts.failed,
      sent: counts.sent,
      oldest_pending_seconds: counts.oldestPendingSeconds,
      failures: failures.map((f) => ({
        id: f.id,
        template: f.template,
        attempts: f.attempts,
        last_error: f.lastError,
        created_at: f.createdAt,
        failed_at: f.failedAt,
      })),
    };
  }

  async retryMail(id: number | undefined, why: string, operator: OperatorRow) {
    const requeued = await this.#d.mail.requeueFailed(id);
    if (id !== undefined && requeued === 0) throw new RequestError('not_found');
    await this.#audit(operator, why, 'mail.retry', id === undefined ? 'mail:all' : `mail:${id}`, null, { requeued });
    return { requeued };
  }

  async flags() {
    const [flags, set] = await Promise.all([this.#d.flags.flags(), this.#d.flags.maintenance()]);
    return { flags, maintenance: this.#d.maintenance || set, maintenance_from_config: this.#d.maintenance };
  }

  /** Maintenance mode from the console; MAINTENANCE_MODE in the configuration stays on regardless. */
  async setMaintenance(enabled: boolean, why: string, operator: OperatorRow) {
    const before = await this.#d.flags.maintenance();
    await this.#d.flags.setMaintenance(enabled);
    await this.#audit(operator, why, 'maintenance.set', 'maintenance', { enabled: before }, { enabled });
    return this.flags();
  }

  async setFlag(name: Flag, enabled: boolean, why: string, operator: OperatorRow) {
    const before = (await this.#d.flags.flags()).find((f) => f.name === name)?.enabled ?? false;
    await this.#d.flags.setFlag(name, enabled);
    await this.#audit(operator, why, 'flag.set', `flag:${name}`, { enabled: before }, { enabled });
    return this.flags();
  }
}
