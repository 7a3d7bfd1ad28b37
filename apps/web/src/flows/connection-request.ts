// A /connection address (spec 000 §2 "account connection"): `platform=<id>` for one platform (else
// the player picks), `entry=<game slug>` for the game's welcome, `redirect_uri=<path of this site>`
// for where the flow ends. The connection it starts, or 'unknown' for a platform not offered here.
import { normalizePlatformId } from '@portal/contract/data/platforms';
import type { ConnectionData } from './flow-state.ts';

const GAME_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

export interface ConnectionRequest {
  connection: ConnectionData;
  /** The game the link names (its welcome shows), checked by the screen before it is kept. */
  entry: string | null;
}

export function connectionRequest(search: string, offered: ReadonlySet<string>): ConnectionRequest | 'unknown' {
  const query = new URLSearchParams(search);
  const named = query.get('platform');
  const platform = named === null ? null : (normalizePlatformId(named) ?? 'unknown');
  if (platform === 'unknown' || (platform !== null && !offered.has(platform))) return 'unknown';
  const entry = query.get('entry');
  const redirect = query.get('redirect_uri');
  return {
    connection: {
      platform,
      selection: platform === null,
      required: false,
      // Only a path of this site: the end of the flow never leaves for an address a link carried.
      redirect: redirect && /^\/(?![/\\])/.test(redirect) ? redirect : null,
    },
    entry: entry && GAME_SLUG.test(entry) ? entry : null,
  };
}
