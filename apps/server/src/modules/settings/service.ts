// The public settings (GET /settings): feature flags, supported platforms, featured games, the
// length of display names, and in debug mode the environments the web app may switch to. They change only on an operator's command
// (admin CLI, games registry, SQL), in any instance: each instance keeps them at most
// PUBLIC_SETTINGS_TTL_MS and then reads them again, so a change is seen everywhere within that bound.
import { FEATURE_FLAGS } from '@portal/contract/calls/console-live-ops';
import { PLATFORM_IDS } from '@portal/contract/data/platforms';
import type { PublicSettings } from '@portal/contract/calls/settings';
import { freezeAnswer } from '../../http/frozen-answer.ts';
import type { GamesService } from '../games/service.ts';
import type { PlatformRegistry } from '../platform-links/registry-service.ts';
import type { SettingsRepo } from './repo.ts';

/** How long an instance answers the public settings it read, without reading them again. */
export const PUBLIC_SETTINGS_TTL_MS = 5_000;

/** The feature_flags row of the console's maintenance mode (not one of the public flags). */
const MAINTENANCE_ROW = 'maintenance_mode';

const FLAG_NAMES = FEATURE_FLAGS;

export class SettingsService {
  readonly #repo: SettingsRepo;
  readonly #games: GamesService;
  readonly #platforms: Pick<PlatformRegistry, 'offered' | 'signingOut' | 'restricted'>;
  readonly #debug: boolean;
  readonly #displayName: PublicSettings['display_name'];
  /** The settings being read or read last, and when the read began; a failed read is not kept. */
  #cached: { readAt: number; settings: Promise<PublicSettings> } | null = null;
  #maintenance: { readAt: number; on: Promise<boolean> } | null = null;

  constructor(
    repo: SettingsRepo,
    games: GamesService,
    platforms: Pick<PlatformRegistry, 'offered' | 'signingOut' | 'restricted'>,
    options: { debug: boolean; usernameBounds: { min: number; max: number } },
  ) {
    this.#repo = repo;
    this.#games = games;
    this.#platforms = platforms;
    this.#debug = options.debug;
    this.#displayName = { min_length: options.usernameBounds.min, max_length: options.usernameBounds.max };
  }

  /** The feature flags as stored now (not the cached public settings): the console's view. */
  async flags(): Promise<{ name: (typeof FLAG_NAMES)[number]; enabled: boolean }[]> {
    const enabled = new Map((await this.#repo.featureFlags()).map((f) => [f.name, f.enabled]));
    return FLAG_NAMES.map((name) => ({ name, enabled: enabled.get(name) ?? false }));
  }

  /** Turns a flag on or off; this instance answers it at once, the others within PUBLIC_SETTINGS_TTL_MS. */
  async setFlag(name: (typeof FLAG_NAMES)[number], enabled: boolean): Promise<void> {
    await this.#repo.setFlag(name, enabled);
    this.#cached = null;
  }

  /**
   * Maintenance mode as an operator set it in the console (MAINTENANCE_MODE in the configuration is
   * apart: see runtime-routes.ts). Kept beside the flags, under a name that is not a public flag;
   * read again after PUBLIC_SETTINGS_TTL_MS, so every instance follows a change within seconds.
   */
  maintenance(now = Date.now()): Promise<boolean> {
    const cached = this.#maintenance;
    if (cached && now - cached.readAt < PUBLIC_SETTINGS_TTL_MS && now >= cached.readAt) return cached.on;
    const entry = {
      readAt: now,
      on: this.#repo.featureFlags().then((flags) => flags.some((f) => f.name === MAINTENANCE_ROW && f.enabled)),
    };
    this.#maintenance = entry;
    entry.on.catch(() => {
      if (this.#maintenance === entry) this.#maintenance = null;
    });
    return entry.on;
  }

  /** Turns the console's maintenance mode on or off; this instance answers it at once. */
  async setMaintenance(on: boolean): Promise<void> {
    await this.#repo.setFlag(MAINTENANCE_ROW, on);
    this.#maintenance = null;
  }

  /** The public settings, read again when the last read began PUBLIC_SETTINGS_TTL_MS ago or more. */
  publicSettings(now = Date.now()): Promise<PublicSettings> {
    const cached = this.#cached;
    if (cached && now - cached.readAt < PUBLIC_SETTINGS_TTL_MS && now >= cached.readAt) return cached.settings;
    const entry = { readAt: now, settings: this.#read() };
    this.#cached = entry;
    entry.settings.catch(() => {
      if (this.#cached === entry) this.#cached = null;
    });
    return entry.settings;
  }

  /** Flags not stored are off; a platform is supported when it is configured, enabled and implemented. */
  async #read(): Promise<PublicSettings> {
    const [flags, offered, signingOut, restricted, featured] = await Promise.all([
      this.#repo.featureFlags(),
      this.#platforms.offered(),
      this.#platforms.signingOut(),
      this.#platforms.restricted(),
      this.#games.featuredSlugs(),
    ]);
    const enabled = new Map(flags.map((f) => [f.name, f.enabled]));
    const featureFlags = Object.fromEntries(FLAG_NAMES.map((name) => [name, enabled.get(name) ?? false]));
    const result: PublicSettings = {
      featureFlags: featureFlags as PublicSettings['featureFlags'],
      featured_games: featured,
      display_name: this.#displayName,
      platforms: Object.fromEntries(
        PLATFORM_IDS.map((id) => [
          id,
          {
            global_support_enabled: offered.has(id),
            sign_out_after_link: signingOut.has(id),
            restricted: restricted.has(id),
          },
        ]),
      ),
    };
    if (this.#debug) result.environments = await this.#repo.environments();
    return freezeAnswer(result);
  }
}
