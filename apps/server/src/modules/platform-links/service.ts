// Linking platform identities to an account and signing in with them (spec 001 §7, §9; issue 15).
// The platform's adapter turns the player's proof into the identity, asking the platform; the rules
// (link-rules.ts) decide; the repo writes. An identity is (platform, subject), never an email.
import { createHash } from 'node:crypto';
import type { DeviceData, LinkPayload } from '@portal/contract/calls/entities';
import type { PlatformId } from '@portal/contract/data/platforms';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import { RequestError } from '../../http/request-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { TemplateName } from '../../mail/templates.ts';
import { fetchSubscription } from '../../platforms/subscription.ts';
import type { SubscriptionAnswer } from '../../platforms/subscription.ts';
import { PlatformError } from '../../platforms/types.ts';
import type { PlatformAdapter, PlatformConfig, PlatformIdentity } from '../../platforms/types.ts';
import type { MaxSubscription } from '@portal/contract/calls/accounts-links';
import type { ApiClient } from '../../http/api-key.ts';
import type { Account, AccountsService } from '../accounts/service.ts';
import type { GamesService } from '../games/service.ts';
import type { SignedIn } from '../sessions/sign-in-service.ts';
import type { TokenService } from '../sessions/token-service.ts';
import { signInOf } from '../sessions/token-service.ts';
import { decideConfirm, decideLink, decideUnlink } from './link-rules.ts';
import type { CurrentLink, LinkingAccount } from './link-rules.ts';
import type { PlatformRegistry } from './registry-service.ts';
import type { RequestOrigin } from '../../http/origin.ts';
import type { AuditService } from '../audit/service.ts';
import { IdentityTaken } from './repo.ts';
import type { PlatformLinkRow, PlatformLinksRepo } from './repo.ts';

export interface PlatformLinksDeps {
  repo: PlatformLinksRepo;
  registry: PlatformRegistry;
  accounts: Pick<AccountsService, 'findById' | 'createStub' | 'removeStub'>;
  /** The OAuth client a game's own API key signs players in as. */
  games: Pick<GamesService, 'clientOfGame'>;
  tokens: Pick<TokenService, 'start'>;
  /** Security notices: every link, disconnect, and sign-in with a platform on a new device. */
  mailer: Pick<Mailer, 'notify'>;
  /** The audit trail: every link and disconnect, with where the request came from. */
  audit?: Pick<AuditService, 'record'>;
  /** Where the platforms send the player back (the site's origin, spec 001 §9). */
  redirectUri: string;
  now?: () => Date;
}

/** A kept token as #tokensToKeep sealed it; null when it cannot be read (it then counts as none). */
function keptToken(opened: string | null): { access_token: string; expires_at: string | null } | null {
  if (opened === null) return null;
  try {
    const token = JSON.parse(opened) as { access_token?: unknown; expires_at?: unknown };
    if (typeof token.access_token !== 'string') return null;
    return {
      access_token: token.access_token,
      expires_at: typeof token.expires_at === 'string' ? token.expires_at : null,
    };
  } catch {
    return null;
  }
}

/** A link as the account's `links.<platform>` shows it. */
function linkView(row: PlatformLinkRow): MaxSubscription['max_link'] {
  return {
    auth_id: row.subject,
    last_seen_username: row.username,
    pending: row.pendingSubject ? { auth_id: row.pendingSubject, last_seen_username: row.pendingUsername } : null,
    refresh_required: row.refreshRequired,
    locked_until: row.lockedUntil,
  };
}

function current(row: PlatformLinkRow | undefined): CurrentLink | null {
  return row ? { subject: row.subject, pendingSubject: row.pendingSubject, lockedUntil: row.lockedUntil } : null;
}

export class PlatformLinksService {
  readonly #d: PlatformLinksDeps;
  readonly #now: () => Date;

  constructor(deps: PlatformLinksDeps) {
    this.#d = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  /** The identity the proof stands for, asked of the platform. */
  /** The platform identity linked to an account (its subject), or null (the Twitch drops read it). */
  async linkedSubject(accountId: string, platform: PlatformId): Promise<string | null> {
    return (await this.#d.repo.find(accountId, platform))?.subject ?? null;
  }

  async #identify(adapter: PlatformAdapter, proof: LinkPayload): Promise<PlatformIdentity> {
    try {
      return await adapter.identify(proof, { redirectUri: this.#d.redirectUri });
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'refused') throw new RequestError('account_link_failed');
      throw new RequestError('external_service_error');
    }
  }

  async #linking(account: Account, platform: PlatformId): Promise<LinkingAccount> {
    return {
      id: account.id,
      email: account.email,
      emailVerified: account.emailVerified,
      passwordSet: account.passwordHash !== null,
      otherLinks: await this.#d.repo.otherLinks(account.id, platform),
      stub: account.stub,
    };
  }

  /** A link or a disconnect: the player's notice, and the audit trail's event. */
  async #told(
    account: Account,
    event: 'platform_linked' | 'platform_unlinked',
    platform: PlatformId,
    origin: RequestOrigin | undefined,
  ): Promise<void> {
    await this.#notify(account, event, platform);
    if (origin) await this.#d.audit?.record(account.id, event, origin, platform);
  }

  #notify(account: Account, template: TemplateName, platform: PlatformId): Promise<void> {
    return this.#d.mailer.notify(account, template, { date: this.#now(), platform: PLATFORM_CATALOGUE[platform].name });
  }

  /** The platform's token, sealed, kept only where the portal calls the platform's API later. */
  #tokensToKeep(config: PlatformConfig, identity: PlatformIdentity): string | null {
    if (!config.endpoints.subscription || !identity.accessToken) return null;
    const { value, expiresAt } = identity.accessToken;
    return this.#d.registry.seal(JSON.stringify({ access_token: value, expires_at: expiresAt?.toISOString() ?? null }));
  }

  /** The account as it is now (the links are on its row). */
  async #reread(account: Account): Promise<Account> {
    const fresh = await this.#d.accounts.findById(account.id);
    if (!fresh) throw new RequestError('auth_expired');
    return fresh;
  }

  /**
   * Where a player's popup goes to sign in to a platform (GET /platforms/{platform}/authorize): the
   * platform's authorization request with this site's redirect URI and what the web app made for it.
   */
  async authorizationUrl(
    platform: PlatformId,
    request: { state: string; nonce?: string; codeChallenge?: string; prompt?: 'login' },
  ): Promise<URL> {
    const { adapter } = await this.#d.registry.use(platform);
    try {
      return await adapter.authorizationUrl({ redirectUri: this.#d.redirectUri, ...request });
    } catch {
      throw new RequestError('external_service_error');
    }
  }

  /**
   * The platform's own sign-out page (GET /platforms/{platform}/sign-out), for a platform whose
   * configuration asks the connection flow to offer it; platform_not_supported otherwise.
   */
  async signOutUrl(platform: PlatformId): Promise<URL> {
    const { config, adapter } = await this.#d.registry.use(platform);
    if (!config.signOutAfterLink) throw new RequestError('platform_not_supported');
    let url: URL | null;
    try {
      url = adapter.signOutUrl ? await adapter.signOutUrl() : null;
      url ??= config.endpoints.sign_out ? new URL(config.endpoints.sign_out) : null;
    } catch {
      throw new RequestError('external_service_error');
    }
    if (!url) throw new RequestError('platform_not_supported');
    return url;
  }

  /** Where platforms send the player back. */
  get redirectUri(): string {
    return this.#d.redirectUri;
  }

  /** PUT /accounts/me/link/{platform}. */
  async link(
    account: Account,
    platform: PlatformId,
    proof: LinkPayload,
    options: { needsConfirmation: boolean; refresh: boolean; origin?: RequestOrigin },
  ): Promise<Account> {
    const { config, adapter } = await this.#d.registry.use(platform);
    const identity = await this.#identify(adapter, proof);
    const { repo } = this.#d;
    const [row, holder, disconnectedBefore, linking] = await Promise.all([
      repo.find(account.id, platform),
      repo.holder(platform, identity.subject),
      repo.disconnectedBefore(account.id, platform),
      this.#linking(account, platform),
    ]);
    const decision = decideLink({
      account: linking,
      current: current(row),
      subject: identity.subject,
      holder,
      rules: config,
      ...options,
      disconnectedBefore,
      now: this.#now(),
    });
    const tokensSealed = this.#tokensToKeep(config, identity);
    const { subject, username } = identity;
    try {
      if (decision.action === 'create') {
        await repo.create({
          accountId: account.id,
          platform,
          subject,
          username,
          lockedUntil: decision.lockedUntil,
          tokensSealed,
        });
        await this.#told(account, 'platform_linked', platform, options.origin);
      } else if (decision.action === 'renew') {
        await repo.renew(account.id, platform, username, tokensSealed);
      } else {
        await repo.setPending(account.id, platform, { subject, username });
      }
    } catch (error) {
      if (error instanceof IdentityTaken) throw new RequestError('platform_link_already_claimed');
      throw error;
    }
    return this.#reread(account);
  }

  /**
   * GET /accounts/max/me/subscription: the subscription of the account's Max link, asked of Max with
   * the link's token. A token Max refuses, or none kept (expired, or a replaced identity), marks the
   * link refresh_required: the player connects Max again (the web app's refresh modal).
   */
  async subscription(account: Account): Promise<MaxSubscription> {
    const platform = 'max';
    const { config } = await this.#d.registry.use(platform);
    const url = config.endpoints.subscription;
    if (!url) throw new RequestError('platform_not_supported');
    const row = await this.#d.repo.find(account.id, platform);
    const none = { subscribed: false, plan: null, expires_at: null };
    if (!row) return { ...none, max_link: null };
    const token = row.tokensSealed ? keptToken(this.#d.registry.open(row.tokensSealed)) : null;
    const expired = token?.expires_at ? Date.parse(token.expires_at) <= this.#now().getTime() : false;
    let answer: SubscriptionAnswer = { kind: 'token-refused' };
    if (token && !expired && !row.refreshRequired) {
      try {
        answer = await fetchSubscription(url, token.access_token);
      } catch {
        throw new RequestError('external_service_error');
      }
    }
    if (answer.kind === 'token-refused') {
      await this.#d.repo.requireRefresh(account.id, platform);
      return { ...none, max_link: linkView({ ...row, refreshRequired: true }) };
    }
    return { subscribed: answer.subscribed, plan: answer.plan, expires_at: answer.expiresAt, max_link: linkView(row) };
  }

  /** PUT /accounts/me/confirm/{platform} {auth_id}: the pending identity replaces the linked one. */
  async confirm(account: Account, platform: PlatformId, authId: string, origin?: RequestOrigin): Promise<Account> {
    const { config } = await this.#d.registry.use(platform);
    const row = await this.#d.repo.find(account.id, platform);
    const { lockedUntil } = decideConfirm({ current: current(row), authId, rules: config, now: this.#now() });
    try {
      if (!(await this.#d.repo.replaceWithPending(account.id, platform, lockedUntil))) {
        throw new RequestError('link_invalid');
      }
    } catch (error) {
      if (error instanceof IdentityTaken) throw new RequestError('platform_link_already_claimed');
      throw error;
    }
    await this.#told(account, 'platform_linked', platform, origin);
    return this.#reread(account);
  }

  /** PUT /accounts/me/cancel/{platform}: drops the pending identity (none: nothing to do). */
  async cancel(account: Account, platform: PlatformId): Promise<Account> {
    await this.#d.registry.use(platform);
    await this.#d.repo.setPending(account.id, platform, null);
    return this.#reread(account);
  }

  /** PUT /accounts/me/unlink/{platform}. */
  async unlink(account: Account, platform: PlatformId, origin?: RequestOrigin): Promise<Account> {
    const { config } = await this.#d.registry.use(platform);
    const [row, linking] = await Promise.all([
      this.#d.repo.find(account.id, platform),
      this.#linking(account, platform),
    ]);
    if (decideUnlink({ account: linking, current: current(row), rules: config, now: this.#now() })) {
      if (await this.#d.repo.remove(account.id, platform)) {
        await this.#told(account, 'platform_unlinked', platform, origin);
      }
    }
    return this.#reread(account);
  }

  /**
   * POST /sessions/auth/{platform}: the account the identity is linked to signs in (pending
   * two-factor when it has it on). A pending identity signs nobody in. An identity linked to no
   * account is unknown_identity for the web app; a game signing in with its own API key gets a new
   * stub account bound to the identity instead (spec 000 §1, issue 16), and its sessions are the
   * game's (its OAuth client). A device the account never signed in from with a platform (by the web
   * app's visitor id; a sign-in without one counts as new) gets a security notice.
   */
  async signIn(
    platform: PlatformId,
    proof: LinkPayload,
    caller: {
      apiClient: ApiClient | null;
      clientId?: string | undefined;
      locale: string;
      device?: DeviceData | undefined;
    },
  ): Promise<SignedIn> {
    const { config, adapter } = await this.#d.registry.use(platform);
    const game = caller.apiClient?.kind === 'game' && caller.apiClient.gameSlug ? caller.apiClient.gameSlug : null;
    if (game === null && caller.clientId !== undefined) throw new RequestError('invalid_client_id');
    const client = game === null ? null : await this.#d.games.clientOfGame(game, caller.clientId);
    const identity = await this.#identify(adapter, proof);
    const holder = await this.#d.repo.holder(platform, identity.subject);
    let account = holder === null ? null : await this.#d.accounts.findById(holder);
    if (!account) {
      if (client === null) throw new RequestError('unknown_identity');
      account = await this.#stubFor(platform, identity, this.#tokensToKeep(config, identity), caller.locale);
    } else {
      await this.#d.repo.renew(account.id, platform, identity.username, this.#tokensToKeep(config, identity));
    }
    const { device } = caller;
    const deviceHash = device ? createHash('sha256').update(device.visitor_id).digest('hex') : null;
    if (deviceHash === null || (await this.#d.repo.rememberDevice(account.id, deviceHash))) {
      await this.#notify(account, 'platform_sign_in', platform);
    }
    const tokens = await this.#d.tokens.start({ ...signInOf(account, 'platform'), clientId: client?.clientId ?? null });
    return { tokens, account: await this.#reread(account) };
  }

  /**
   * A new stub bound to the identity. Two first sign-ins of one identity at once: the unique index
   * lets one link it, and the other's stub goes again, signing in the winner's account.
   */
  async #stubFor(
    platform: PlatformId,
    identity: PlatformIdentity,
    tokensSealed: string | null,
    locale: string,
  ): Promise<Account> {
    const stub = await this.#d.accounts.createStub(locale);
    try {
      await this.#d.repo.create({
        accountId: stub.id,
        platform,
        subject: identity.subject,
        username: identity.username,
        lockedUntil: null,
        tokensSealed,
      });
      return stub;
    } catch (error) {
      await this.#d.accounts.removeStub(stub.id);
      if (!(error instanceof IdentityTaken)) throw error;
      const holder = await this.#d.repo.holder(platform, identity.subject);
      const winner = holder === null ? undefined : await this.#d.accounts.findById(holder);
      if (!winner) throw new RequestError('platform_link_already_claimed');
      return winner;
    }
  }
}
