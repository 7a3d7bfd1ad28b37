import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
