// The OAuth error step (spec 000 §4 rule 1, 001 §8): the error in the player's language and a way
// on, never a link back to the game's address (it may be the very thing that is wrong).
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
export function oauthErrorMessageKey(error: OAuthErrorName): MessageKey {
  return error === 'age_gate' ? 'oauth.error.ageGate' : catalogueMessageKey(error);
}

export function OAuthError({ error, onRetry }: { error: OAuthErrorName; onRetry: (() => void) | null }) {
  const { t } = useTranslation();
  const { flow } = useFlowServices();
  useStepFocus(`error-${error}`);
  return (
    <Page title={t(error === 'age_gate' ? 'oauth.error.ageGateTitle' : 'oauth.error.title')}>
      <div className="notice notice-error" role="alert">
        <p>{t(oauthErrorMessageKey(error))}</p>
      </div>
      <p className="lead-text">{t(error === 'age_gate' ? 'oauth.error.ageGateHint' : 'oauth.error.hint')}</p>
      <div className="actions">
        {onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('app.tryAgain')}
          </button>
        ) : null}
        <Link className="button button-secondary" to={href('home')} onClick={() => flow.send({ type: 'ended' })}>
          {t('errorPage.home')}
        </Link>
      </div>
    </Page>
  );
}
