// A player as the lists and the search result show them: the avatar (decorative: the name is beside
// it), the display name and one line about them; and an action button named with the player.
import type { PublicProfile } from '@portal/contract/calls/entities';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { ACTION_TEXT } from './action-text.ts';
import { playerName } from './friend-changes.ts';
import type { FriendAction } from './friend-changes.ts';

export function PlayerAvatar({ profile }: { profile: PublicProfile }) {
  if (profile.avatar) {
    return (
      <img className="player-avatar" src={profile.avatar.image_url} alt="" width={48} height={48} loading="lazy" />
    );
  }
  return (
    <span className="player-avatar player-avatar-empty" aria-hidden="true">
      {Array.from(playerName(profile))[0]?.toUpperCase()}
    </span>
  );
}

export function PlayerSummary({ profile, detail }: { profile: PublicProfile; detail?: ReactNode }) {
  return (
    <div className="player-summary">
      <PlayerAvatar profile={profile} />
      <div className="player-summary-text">
        <p className="player-name">
          <bdi>{playerName(profile)}</bdi>
        </p>
        {detail ? <p className="player-detail">{detail}</p> : null}
      </div>
    </div>
  );
}

/** The button of an action: its short word shows, its accessible name says whom it is for. */
export function ActionButton({
  action,
  onStart,
  disabled,
  primary = false,
}: {
  action: FriendAction;
  onStart: (action: FriendAction) => void;
  disabled: boolean;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const text = ACTION_TEXT[action.kind];
  return (
    <button
      type="button"
      className={primary ? 'button button-small' : 'button button-secondary button-small'}
      aria-label={t(text.named, { name: playerName(action.account) })}
      disabled={disabled}
      onClick={() => onStart(action)}
    >
      {t(text.label)}
    </button>
  );
}
