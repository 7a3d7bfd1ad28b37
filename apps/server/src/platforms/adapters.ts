// The adapter of a platform's protocol (DESIGN.md: one adapter per protocol family, configured per
// platform; no rule branches on a platform).
import { OAuthPlatform } from './oidc.ts';
import type { PlatformAdapter, PlatformConfig, PlatformProtocol } from './types.ts';

/** The protocols this server speaks; a platform configured with another one is not offered. */
export const IMPLEMENTED_PROTOCOLS: ReadonlySet<PlatformProtocol> = new Set(['oidc', 'oauth2']);

export function adapterFor(config: PlatformConfig): PlatformAdapter {
  switch (config.protocol) {
    case 'oidc':
    case 'oauth2':
      return new OAuthPlatform(config);
    default:
      throw new Error(`platform ${config.platform}: the ${config.protocol} protocol is not implemented yet`);
  }
}
