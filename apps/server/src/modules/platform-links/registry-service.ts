// The platforms as operators configured them (platform_configs): read once and kept for
// PLATFORM_CONFIG_TTL_MS, so every instance sees an operator's change within that time; each
// platform's adapter is built once per configuration. A platform is offered when it is enabled and
// its protocol is implemented (platforms/adapters.ts).
import type { PlatformId } from '@portal/contract/data/platforms';
import { PLATFORM_IDS } from '@portal/contract/data/platforms';
import { z } from 'zod';
import { RequestError } from '../../http/request-error.ts';
import { adapterFor, IMPLEMENTED_PROTOCOLS } from '../../platforms/adapters.ts';
import type { AdapterDeps } from '../../platforms/adapters.ts';
import { NONCE_MAX_AGE_MS } from '../../platforms/steam-openid.ts';
import type { PlatformAdapter, PlatformConfig } from '../../platforms/types.ts';
import type { NewPlatformConfig, PlatformConfigRow, PlatformLinksRepo } from './repo.ts';

/** How long another instance's change of a platform may take to be seen here. */
export const PLATFORM_CONFIG_TTL_MS = 5_000;

/** Seals and opens client secrets at rest (the two-factor SecretBox). */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

const httpUrl = z.url({ protocol: /^https?$/ }).max(2000);

/** What an operator puts for a platform (`npm run admin -- platforms put <file.json>`). */
export const platformInput = z.strictObject({
  platform: z.enum(PLATFORM_IDS),
  enabled: z.boolean().optional(),
  protocol: z.enum(['oidc', 'oauth2', 'xbox_xsts', 'steam_openid', 'short_code']),
  client_id: z.string().min(1).max(500).nullable().optional(),
  client_secret: z.string().min(1).max(2000).nullable().optional(),
  issuer: httpUrl.nullable().optional(),
  endpoints: z
    .partialRecord(
      z.enum([
        'authorization',
        'token',
        'profile',
        'subject_field',
        'username_field',
        'exchange',
        'openid',
        'claimed_id',
        'sign_out',
        'web_api',
        'app_id',
        'ticket_identity',
        'xbox_user',
        'xsts',
        'subscription',
        // Twitch Drops (platforms/twitch-drops.ts): the Twitch API and its app-token endpoint.
        'drops_api',
        'app_token',
      ]),
      z.string().min(1).max(2000),
    )
    .optional(),
  scope: z.string().min(1).max(1000).nullable().optional(),
  restricted: z.boolean().optional(),
  relink_cooldown_days: z.number().int().min(0).max(3650).optional(),
  sign_out_after_link: z.boolean().optional(),
});
export type PlatformInput = z.input<typeof platformInput>;

/** A platform configuration an operator gave that cannot be used; the message says why. */
export class PlatformConfigError extends Error {
  override name = 'PlatformConfigError';
}

interface Kept {
  readAt: number;
  platforms: Promise<Map<PlatformId, { config: PlatformConfig; adapter: PlatformAdapter | null }>>;
}

const isPlatformId = (value: string): value is PlatformId => (PLATFORM_IDS as readonly string[]).includes(value);

export class PlatformRegistry {
  readonly #repo: PlatformLinksRepo;
  readonly #box: SecretSealer;
  readonly #adapterDeps: AdapterDeps;
  #kept: Kept | null = null;

  constructor(repo: PlatformLinksRepo, box: SecretSealer) {
    this.#repo = repo;
    this.#box = box;
    this.#adapterDeps = {
      nonces: (nonce, issuedAt) => repo.useNonce(nonce, issuedAt, new Date(Date.now() - 2 * NONCE_MAX_AGE_MS)),
    };
  }

  #toConfig(row: PlatformConfigRow): PlatformConfig | null {
    if (!isPlatformId(row.platform)) return null;
    return {
      platform: row.platform,
      enabled: row.enabled,
      protocol: row.protocol,
      clientId: row.clientId,
      clientSecret: row.clientSecretSealed ? this.#box.open(row.clientSecretSealed) : null,
      issuer: row.issuer,
      endpoints: row.endpoints,
      scope: row.scope,
      restricted: row.restricted,
      relinkCooldownDays: row.relinkCooldownDays,
      signOutAfterLink: row.signOutAfterLink,
    };
  }

  #platforms(now = Date.now()): Kept['platforms'] {
    const kept = this.#kept;
    if (kept && now - kept.readAt < PLATFORM_CONFIG_TTL_MS && now >= kept.readAt) return kept.platforms;
    const entry: Kept = {
      readAt: now,
      platforms: this.#repo.configs().then((rows) => {
        const platforms: Awaited<Kept['platforms']> = new Map();
        for (const row of rows) {
          const config = this.#toConfig(row);
          if (!config) continue;
          const offered = config.enabled && IMPLEMENTED_PROTOCOLS.has(config.protocol);
          platforms.set(config.platform, { config, adapter: offered ? adapterFor(config, this.#adapterDeps) : null });
        }
        return platforms;
      }),
    };
    this.#kept = entry;
    // A failed read is not kept: the next call tries again.
    entry.platforms.catch(() => {
      if (this.#kept === entry) this.#kept = null;
    });
    return entry.platforms;
  }

  /** The platforms offered to players (enabled, with an implemented protocol). */
  async offered(): Promise<Set<PlatformId>> {
    const platforms = await this.#platforms();
    return new Set([...platforms].filter(([, p]) => p.adapter !== null).map(([id]) => id));
  }

  /** The offered platforms that are restricted: only support disconnects or replaces their accounts. */
  async restricted(): Promise<Set<PlatformId>> {
    const platforms = await this.#platforms();
    return new Set([...platforms].filter(([, p]) => p.adapter !== null && p.config.restricted).map(([id]) => id));
  }

  /** The offered platforms whose sign-out page the connection flow offers after a link. */
  async signingOut(): Promise<Set<PlatformId>> {
    const platforms = await this.#platforms();
    return new Set([...platforms].filter(([, p]) => p.adapter !== null && p.config.signOutAfterLink).map(([id]) => id));
  }

  /** An offered platform's configuration and adapter; platform_not_supported otherwise. */
  async use(platform: PlatformId): Promise<{ config: PlatformConfig; adapter: PlatformAdapter }> {
    const found = (await this.#platforms()).get(platform);
    if (!found?.adapter) throw new RequestError('platform_not_supported');
    return { config: found.config, adapter: found.adapter };
  }

  /** Seals a platform's token for keeping (the same SecretBox as client secrets). */
  seal(text: string): string {
    return this.#box.seal(text);
  }

  /** Opens what seal() made; null when it cannot be opened (another key, a damaged value). */
  open(sealed: string): string | null {
    try {
      return this.#box.open(sealed);
    } catch {
      return null;
    }
  }

  /** Every configured platform, without secrets (the admin's `platforms list`). */
  async list(): Promise<Array<Omit<PlatformConfig, 'clientSecret'> & { clientSecretSet: boolean; offered: boolean }>> {
    const platforms = await this.#platforms(Number.NEGATIVE_INFINITY);
    return [...platforms.values()].map(({ config: { clientSecret, ...config }, adapter }) => ({
      ...config,
      clientSecretSet: clientSecret !== null,
      offered: adapter !== null,
    }));
  }

  /**
   * Creates or replaces a platform's configuration (the secret sealed); seen here at once, and by the
   * other instances within PLATFORM_CONFIG_TTL_MS. PlatformConfigError when it cannot be used.
   */
  async put(given: unknown): Promise<void> {
    const parsed = platformInput.safeParse(given);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`);
      throw new PlatformConfigError(`the platform configuration is not valid: ${problems.join('; ')}`);
    }
    const input = parsed.data;
    const row: NewPlatformConfig = {
      platform: input.platform,
      enabled: input.enabled ?? true,
      protocol: input.protocol,
      clientId: input.client_id ?? null,
      clientSecretSealed: input.client_secret ? this.#box.seal(input.client_secret) : null,
      issuer: input.issuer ?? null,
      endpoints: input.endpoints ?? {},
      scope: input.scope ?? null,
      restricted: input.restricted ?? false,
      relinkCooldownDays: input.relink_cooldown_days ?? 30,
      signOutAfterLink: input.sign_out_after_link ?? false,
    };
    // Fails before writing when the adapter cannot be built from it (a missing issuer or endpoint).
    const config = this.#toConfig({ ...row, updatedAt: new Date() } as PlatformConfigRow);
    if (config && IMPLEMENTED_PROTOCOLS.has(config.protocol)) {
      try {
        adapterFor(config, this.#adapterDeps);
      } catch (error) {
        throw new PlatformConfigError((error as Error).message);
      }
    }
    await this.#repo.putConfig(row);
    this.#kept = null;
  }
}
