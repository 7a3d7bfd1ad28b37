// A /connection address (spec 000 §2 "account connection"): `platform=<id>` for one platform (else
// the player picks), `entry=<game slug>` for the game's welcome, `redirect_uri=<path of this site>`
// for where the flow ends. What flow it starts, or 'unknown' for a platform not offered here.
import { normalizePlatformId } from '@portal/contract/data/platforms';
import { CONNECTION_KEYS, connectionFlow } from './connection-flow.ts';
import { GAME_KEYS } from './game-flow.ts';

const GAME_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function connectionRequest(search: string, offered: ReadonlySet<string>) {
  const query = new URLSearchParams(search);
  const named = query.get('platform');
  const platform = named === null ? null : (normalizePlatformId(named) ?? 'unknown');
  if (platform === 'unknown' || (platform !== null && !offered.has(platform))) return 'unknown' as const;
  const entry = query.get('entry');
  const redirect = query.get('redirect_uri');
  return connectionFlow(platform, {
    ...(entry && GAME_SLUG.test(entry) ? { [GAME_KEYS.slug]: entry } : {}),
    // Only a path of this site: the end of the flow never leaves for an address a link carried.
    ...(redirect && /^\/(?![/\\])/.test(redirect) ? { [CONNECTION_KEYS.redirect]: redirect } : {}),
  });
}
