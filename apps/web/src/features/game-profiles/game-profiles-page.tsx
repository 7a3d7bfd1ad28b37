// /game-profiles (spec 000 §2, feature flag game_page): a card per game the player has played, with
// its art, platforms and details, and removing a game after a confirmation. Loading, error and
// empty states; after a removal a status line says what happened and takes the focus.
import type { GameProgress } from '@portal/contract/calls/entities';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { useGameProgress } from './api/game-progress.ts';
import { GameProfileCard } from './game-profile-card.tsx';
import { RemoveGameModal } from './remove-game-modal.tsx';
import './game-profiles.css';
import { href } from '../../lib/router/route-table.ts';

export function GameProfilesPage() {
  const { t } = useTranslation();
  const progress = useGameProgress();
  const [removing, setRemoving] = useState<GameProgress | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (removed) status.current?.focus();
  }, [removed]);
  return (
    <Page title={t('screen.game-profiles.title')} wide>
      <p className="lead-text">{t('gameProfiles.intro')}</p>
      <p ref={status} role="status" tabIndex={-1} className="game-profiles-status">
        {removed ? t('gameProfiles.removed', { game: removed }) : ''}
      </p>
      {progress.isPending ? (
        <ScreenState status="skeletonLoading" skeletonRows={4}>
          {null}
        </ScreenState>
      ) : null}
      {progress.isError ? <LoadError error={progress.error} onRetry={() => void progress.refetch()} /> : null}
      {progress.data?.length === 0 ? (
        <div className="notice" role="note">
          <p className="notice-title">{t('gameProfiles.emptyTitle')}</p>
          <p>{t('gameProfiles.emptyBody')}</p>
          <p className="form-links">
            <Link to={href('home')}>{t('gameProfiles.emptyLink')}</Link>
          </p>
        </div>
      ) : null}
      {progress.data && progress.data.length > 0 ? (
        <ul className="game-profiles">
          {progress.data.map((game) => (
            <li key={game.game_slug}>
              <GameProfileCard
                game={game}
                onRemove={() => {
                  setRemoved(null);
                  setRemoving(game);
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {removing ? (
        <RemoveGameModal
          game={removing}
          onClose={() => setRemoving(null)}
          onRemoved={(name) => {
            setRemoving(null);
            setRemoved(name);
          }}
        />
      ) : null}
    </Page>
  );
}
