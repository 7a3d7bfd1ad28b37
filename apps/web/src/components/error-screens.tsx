// Error pages (spec 000 §2): general, not found, maintenance; system failure is in system-failure.tsx.
import { useTranslation } from '../lib/i18n/messages.ts';
import { Link } from '../lib/router/router.tsx';
import { Page } from './ui/page.tsx';
import { href } from '../lib/router/route-table.ts';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('errorPage.notFound.title')}>
      <p className="lead-text">{t('errorPage.notFound.body')}</p>
      <Link className="button" to={href('home')}>
        {t('errorPage.home')}
      </Link>
    </Page>
  );
}

export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('errorPage.general.title')}>
      <p className="lead-text">{t('errorPage.general.body')}</p>
      <div className="actions">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('app.tryAgain')}
        </button>
        <Link className="button button-secondary" to={href('home')}>
          {t('errorPage.home')}
        </Link>
      </div>
    </Page>
  );
}

export function MaintenanceScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('errorPage.maintenance.title')}>
      <p className="lead-text">{t('errorPage.maintenance.body')}</p>
    </Page>
  );
}

/** The session could not be checked: reload to try again (session-verify reload). */
export function SessionVerifyScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('errorPage.sessionVerify.title')}>
      <p className="lead-text">{t('errorPage.sessionVerify.body')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('errorPage.sessionVerify.reload')}
      </button>
    </Page>
  );
}
