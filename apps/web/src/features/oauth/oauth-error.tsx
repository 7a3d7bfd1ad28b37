// The OAuth error step (spec 000 §4 rule 1, 001 §8): the error in the player's language and a way
// on, never a link back to the game's address (it may be the very thing that is wrong). A ban of the
// game (issue 30) says until when and why, with the team's note and the way to support; once it has
// ended, the kept request may be tried again.
import type { RestrictionNotice } from '@portal/contract/data/moderation';
import { GameRestriction, hasEnded, SupportLink } from '../../components/restriction.tsx';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { Page } from '../../components/ui/page.tsx';
import { catalogueMessageKey } from '../../lib/i18n/error-keys.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import type { MessageKey } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import type { OAuthErrorName } from './oauth-request.ts';
import { href } from '../../lib/router/route-table.ts';

/** The message key of an error of the step: the catalogue's, and the age gate of a mature game. */
export function oauthErrorMessageKey(error: Exclude<OAuthErrorName, 'game_banned'>): MessageKey {
  return error === 'age_gate' ? 'oauth.error.ageGate' : catalogueMessageKey(error);
}

export function OAuthError({
  error,
  onRetry,
  restriction = null,
  gameName = '',
}: {
  error: OAuthErrorName;
  onRetry: (() => void) | null;
  /** The notice of a ban of the game (error game_banned). */
  restriction?: RestrictionNotice | null;
  gameName?: string;
}) {
  const { t } = useTranslation();
  const { flow } = useFlowServices();
  useStepFocus(`error-${error}`);
  const home = (
    <Link className="button button-secondary" to={href('home')} onClick={() => flow.send({ type: 'ended' })}>
      {t('errorPage.home')}
    </Link>
  );
  if (error === 'game_banned' && restriction) {
    const ended = hasEnded(restriction, new Date());
    return (
      <Page title={t(ended ? 'restriction.game.endedTitle' : 'restriction.game.title', { game: gameName })}>
        <GameRestriction notice={restriction} game={gameName} ended={ended} />
        <div className="actions">
          {ended && onRetry ? (
            <button type="button" className="button" onClick={onRetry}>
              {t('app.tryAgain')}
            </button>
          ) : null}
          {ended ? null : <SupportLink />}
          {home}
        </div>
      </Page>
    );
  }
  // A ban kept without its notice reads as a failure of the request.
  const shown = error === 'game_banned' ? 'unknown_error' : error;
  return (
    <Page title={t(shown === 'age_gate' ? 'oauth.error.ageGateTitle' : 'oauth.error.title')}>
      <div className="notice notice-error" role="alert">
        <p>{t(oauthErrorMessageKey(shown))}</p>
      </div>
      <p className="lead-text">{t(shown === 'age_gate' ? 'oauth.error.ageGateHint' : 'oauth.error.hint')}</p>
      <div className="actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('app.tryAgain')}
          </button>
        ) : null}
        {home}
      </div>
    </Page>
  );
}
