// What the development sandbox of the platforms is, without the OpenID Provider itself: where each
// platform is mounted, the portal's client there, and how each is configured in platform_configs
// (seed/demo.ts). The provider (oidc-provider) is loaded only where the sandbox is mounted.
import { createHash } from 'node:crypto';
import type { PlatformId } from '@portal/contract/data/platforms';
import { PLATFORM_CATALOGUE, PLATFORM_IDS } from '@portal/contract/data/platforms';

/** The sandbox's client: what the portal is registered as at every sandbox platform. */
export interface SandboxClient {
  clientId: string;
  clientSecret: string;
  /** The portal's redirect URI (the site's origin, spec 001 §9). */
  redirectUri: string;
}

/**
 * The portal's client at the sandbox platforms of a development server at `origin`. Its secret is
 * no secret: the sandbox exists only in development.
 */
export function sandboxClient(origin: string): SandboxClient {
  return {
    clientId: 'portal-sandbox',
    clientSecret: 'sandbox-client-secret-not-for-production',
    redirectUri: `${origin}/`,
  };
}

/** The subject a sandbox platform gives a user name: stable, and not the name itself. */
export function sandboxSubject(platform: PlatformId, username: string): string {
  const digest = createHash('sha256').update(`${platform}\n${username.trim().toLowerCase()}`).digest('hex');
  return `${platform}-${digest.slice(0, 24)}`;
}

/** Where a sandbox platform is mounted, under the portal's origin. */
export function sandboxPath(platform: PlatformId): string {
  return `/dev/platforms/${platform}`;
}

/** Where the sandbox Twitch Drops API is mounted (sandbox/twitch-drops.ts), under the portal's origin. */
export const sandboxTwitchDropsPath = () => `${sandboxPath('twitch')}/drops`;

/** The platforms the sandbox plays with an OpenID Provider (the others have their own protocols). */
export const SANDBOX_OAUTH_PLATFORMS: readonly PlatformId[] = PLATFORM_IDS.filter(
  (id) => !['steam', 'wizarding_world', 'apple_vendor_id', 'android_app_set_id'].includes(id),
);

/** The platforms whose players bring a code the other service shows them. */
export const SANDBOX_SHORT_CODE_PLATFORMS: readonly PlatformId[] = [
  'wizarding_world',
  'apple_vendor_id',
  'android_app_set_id',
];

/** Every platform the sandbox plays: the OAuth ones, Steam (OpenID 2.0) and the short-code ones. */
export const SANDBOX_PLATFORMS: readonly PlatformId[] = [
  ...SANDBOX_OAUTH_PLATFORMS,
  'steam',
  ...SANDBOX_SHORT_CODE_PLATFORMS,
];

/** The sandbox Steam's OpenID 2.0 endpoint and the prefix of the identities it asserts. */
export function sandboxSteam(origin: string) {
  const base = `${origin}${sandboxPath('steam')}/openid`;
  return { endpoint: `${base}/login`, claimedIdPrefix: `${base}/id/` };
}

/** The app id of the sandbox Steam's tickets (Valve's public test app, Spacewar). */
export const SANDBOX_STEAM_APP_ID = '480';
/** The identity string games pass to GetAuthTicketForWebApi for this service. */
export const SANDBOX_STEAM_TICKET_IDENTITY = 'account-portal';

/** A SteamID64 for a sandbox user name: 17 digits, stable. */
export function sandboxSteamId(username: string): string {
  const digest = createHash('sha256').update(`steam\n${username.trim().toLowerCase()}`).digest();
  return `7656119${(digest.readBigUInt64BE(0) % 10_000_000_000n).toString().padStart(10, '0')}`;
}

/**
 * How the sandbox is configured in platform_configs: OpenID Connect, OAuth 2.0 with a profile call,
 * or Steam's OpenID 2.0.
 */
export function sandboxPlatformConfig(origin: string, platform: PlatformId, client: SandboxClient) {
  if (SANDBOX_SHORT_CODE_PLATFORMS.includes(platform)) {
    const page = `${origin}${sandboxPath(platform)}/short-code`;
    return {
      platform,
      protocol: 'short_code' as const,
      client_id: client.clientId,
      client_secret: client.clientSecret,
      endpoints: { authorization: page, exchange: `${page}/exchange` } as Record<string, string>,
      restricted: false,
      relink_cooldown_days: 30,
    };
  }
  if (platform === 'steam') {
    const steam = sandboxSteam(origin);
    return {
      platform,
      protocol: 'steam_openid' as const,
      // The publisher Web API key of a game's tickets.
      client_secret: client.clientSecret,
      endpoints: {
        openid: steam.endpoint,
        claimed_id: steam.claimedIdPrefix,
        web_api: `${origin}${sandboxPath('steam')}/webapi`,
        app_id: SANDBOX_STEAM_APP_ID,
        ticket_identity: SANDBOX_STEAM_TICKET_IDENTITY,
      } as Record<string, string>,
      restricted: false,
      relink_cooldown_days: 30,
    };
  }
  const base = `${origin}${sandboxPath(platform)}`;
  const oauth2 = PLATFORM_CATALOGUE[platform].linkPayload === 'auth_code';
  // Xbox: the Microsoft account's code, then Xbox Live's user token and XSTS token (xbox-live.ts);
  // the other OAuth 2.0 platforms say who signed in by a profile call.
  const xbox = platform === 'xbox';
  const identity: Record<string, string> = xbox
    ? { xbox_user: `${base}/xbox-live/user/authenticate`, xsts: `${base}/xbox-live/xsts/authorize` }
    : { profile: `${base}/profile`, subject_field: 'id', username_field: 'username' };
  const endpoints: Record<string, string> = oauth2
    ? {
        authorization: `${base}/auth`,
        token: `${base}/token`,
        ...identity,
        ...(platform === 'max' ? { subscription: `${base}/subscription` } : {}),
      }
    : platform === 'twitch'
      ? // The Drops API (sandbox/twitch-drops.ts), read with the same client.
        {
          drops_api: `${origin}${sandboxTwitchDropsPath()}/helix`,
          app_token: `${origin}${sandboxTwitchDropsPath()}/oauth2/token`,
        }
      : {};
  return {
    platform,
    protocol: xbox ? ('xbox_xsts' as const) : oauth2 ? ('oauth2' as const) : ('oidc' as const),
    client_id: client.clientId,
    client_secret: client.clientSecret,
    issuer: base,
    endpoints,
    // The sandbox's ID tokens and profiles carry the name with the `profile` scope; a platform the
    // spec names no scope for (Max) asks for that alone, as a grant of nothing is refused.
    scope: [oauth2 ? '' : 'openid profile', PLATFORM_CATALOGUE[platform].scope ?? ''].join(' ').trim() || 'profile',
    restricted: ['psn', 'xbox', 'nintendo'].includes(platform),
    relink_cooldown_days: 30,
    // PlayStation Network's sandbox shows the sign-out step of the connection flow (its sign-out
    // page is the sandbox provider's RP-initiated logout).
    sign_out_after_link: platform === 'psn',
  };
}
