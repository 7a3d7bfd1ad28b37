import { useTranslation } from '../../lib/i18n/messages.ts';
import { Page } from '../../components/ui/page.tsx';
import { SignInLinks } from './sign-in-links.tsx';

/** Where a player arriving from a game (platform-first account) starts. */
export function LandingPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('landing.title')}>
      <p className="lead-text">{t('landing.body')}</p>
      <div className="actions">
        <SignInLinks />
      </div>
    </Page>
  );
}
