// One game of the player: its art and name, when and where it was last played, every platform it
// was played on, the details the game keeps, and the action that removes it from the account.
import type { GameProgress } from '@portal/contract/calls/entities';
import { useId } from 'react';
import { formatDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { formatDetailValue, humaniseKey, platformName } from '../../lib/game-details.ts';

/** The game's name in the user's language; the slug of a game the portal no longer knows. */
export function gameName(game: GameProgress, locale: string): string {
  return game.game_config?.user_experience.display_name.resolve(locale) || game.game_config?.name || game.game_slug;
}

function gameArt(game: GameProgress): string | null {
  const assets = game.game_config?.user_experience.assets;
  return assets?.card ?? assets?.box_art ?? assets?.image ?? null;
}

export function GameProfileCard({ game, onRemove }: { game: GameProgress; onRemove: () => void }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const name = gameName(game, i18n.language);
  const art = gameArt(game);
  const lastPlayed = game.last_accessed ?? game.last_game_login;
  const details = Object.entries(game.game_details)
    .map(([key, value]) => ({ key, label: humaniseKey(key), value }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return (
    <article className="game-profile" aria-labelledby={headingId}>
      {art ? (
        <img
          className="game-profile-art"
          src={art}
          alt={t('gameProfiles.artAlt', { game: name })}
          width={300}
          height={400}
        />
      ) : (
        <span className="game-profile-art game-profile-art-empty" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="game-profile-head">
        <h2 id={headingId}>{name}</h2>
        {lastPlayed ? (
          <p className="game-profile-played">
            {t('gameProfiles.lastPlayedOn', { date: formatDate(lastPlayed, i18n.language) })}
          </p>
        ) : null}
      </div>
      <div className="game-profile-body">
        <dl className="game-profile-facts">
          {game.last_seen_platform ? (
            <div>
              <dt>{t('gameProfiles.lastPlatform')}</dt>
              <dd>{platformName(game.last_seen_platform)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('gameProfiles.platforms')}</dt>
            <dd>
              <ul className="game-profile-platforms">
                {game.all_platforms.map((platform) => (
                  <li key={platform}>{platformName(platform)}</li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
        <h3>{t('gameProfiles.details')}</h3>
        {details.length > 0 ? (
          <dl className="game-profile-details">
            {details.map(({ key, label, value }) => (
              <div key={key}>
                <dt>{label}</dt>
                <dd>
                  <bdi>{formatDetailValue(value, i18n.language)}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <p className="field-hint">{t('gameProfiles.noDetails')}</p>
        )}
        <div className="actions">
          <button type="button" className="button button-secondary button-small" onClick={onRemove}>
            {t('gameProfiles.remove')}
          </button>
        </div>
      </div>
    </article>
  );
}
