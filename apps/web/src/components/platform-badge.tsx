// A platform's badge: its mark (platform-icons.ts) or its initial, on the platform's colour.
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { PLATFORM_ICONS } from './platform-icons.ts';

export function PlatformBadge({ platform, small = false }: { platform: PlatformId; small?: boolean }) {
  const icon = PLATFORM_ICONS[platform];
  return (
    <span
      className={`platform-badge${small ? ' platform-badge-small' : ''} platform-badge-${platform}`}
      aria-hidden="true"
    >
      {icon ? (
        <svg viewBox="0 0 24 24" focusable="false">
          <path d={icon} fill="currentColor" />
        </svg>
      ) : (
        PLATFORM_CATALOGUE[platform].name.slice(0, 1)
      )}
    </span>
  );
}
