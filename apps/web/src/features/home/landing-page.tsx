import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { Page } from '../../components/ui/page.tsx';

/** Where a player arriving from a game (platform-first account) starts. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('landing.title')}>
      <p className="lead-text">{t('landing.body')}</p>
      <div className="actions">
        <Link className="button" to="/sign-in">
          {t('home.signIn')}
        </Link>
        <Link className="button button-secondary" to="/sign-up">
          {t('home.createAccount')}
        </Link>
      </div>
    </Page>
  );
}
