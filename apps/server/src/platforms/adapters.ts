// The adapter of a platform's protocol (DESIGN.md: one adapter per protocol family, configured per
// platform; no rule branches on a platform).
import { OAuthPlatform } from './oidc.ts';
import { ShortCodePlatform } from './short-code.ts';
import { xboxLiveEndpoints, xboxLiveIdentity } from './xbox-live.ts';
import { SteamOpenIdPlatform } from './steam-openid.ts';
import type { NonceStore } from './steam-openid.ts';
import type { PlatformAdapter, PlatformConfig, PlatformProtocol } from './types.ts';

/** The protocols this server speaks; a platform configured with another one is not offered. */
export const IMPLEMENTED_PROTOCOLS: ReadonlySet<PlatformProtocol> = new Set([
  'oidc',
  'oauth2',
  'xbox_xsts',
  'steam_openid',
  'short_code',
]);

/** What adapters need besides their configuration. */
export interface AdapterDeps {
  /** OpenID 2.0 response nonces, each accepted once on every instance. */
  nonces: NonceStore;
}

export function adapterFor(config: PlatformConfig, deps: AdapterDeps): PlatformAdapter {
  switch (config.protocol) {
    case 'oidc':
    case 'oauth2':
      return new OAuthPlatform(config);
    case 'xbox_xsts': {
      const endpoints = xboxLiveEndpoints(config);
      return new OAuthPlatform(config, (accessToken) => xboxLiveIdentity(accessToken, endpoints));
    }
    case 'steam_openid':
      return new SteamOpenIdPlatform(config, deps.nonces);
    case 'short_code':
      return new ShortCodePlatform(config);
  }
}
