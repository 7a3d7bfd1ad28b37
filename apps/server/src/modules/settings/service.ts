// The public settings (GET /settings): feature flags, supported platforms, featured games, and in
// debug mode the environments the web app may switch to.
import { PLATFORM_IDS } from '@portal/contract/data/platforms';
import type { PublicSettings } from '@portal/contract/calls/settings';
import type { GamesService } from '../games/service.ts';
import type { SettingsRepo } from './repo.ts';

const FLAG_NAMES = ['game_page', 'dev_tools', 'third_party_login', 'curseforge_hidden'] as const;

export class SettingsService {
  readonly #repo: SettingsRepo;
  readonly #games: GamesService;
  readonly #debug: boolean;

  constructor(repo: SettingsRepo, games: GamesService, options: { debug: boolean }) {
    this.#repo = repo;
    this.#games = games;
    this.#debug = options.debug;
  }

  /** Flags not stored are off; platforms not stored are not supported. */
  async publicSettings(): Promise<PublicSettings> {
    const [flags, platforms, featured] = await Promise.all([
      this.#repo.featureFlags(),
      this.#repo.platformSettings(),
      this.#games.featuredSlugs(),
    ]);
    const enabled = new Map(flags.map((f) => [f.name, f.enabled]));
    const supported = new Map(platforms.map((p) => [p.platform, p.globalSupportEnabled]));
    const featureFlags = Object.fromEntries(FLAG_NAMES.map((name) => [name, enabled.get(name) ?? false]));
    const result: PublicSettings = {
      featureFlags: featureFlags as PublicSettings['featureFlags'],
      featured_games: featured,
      platforms: Object.fromEntries(
        PLATFORM_IDS.map((id) => [id, { global_support_enabled: supported.get(id) ?? false }]),
      ),
    };
    if (this.#debug) result.environments = await this.#repo.environments();
    return result;
  }
}
