import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { FeatureScreen } from '../../components/ui/feature-screen.tsx';
import { Page } from '../../components/ui/page.tsx';

function NotEligible() {
  const { t } = useTranslation();
  return (
    <Page title={t('screen.not-eligible.title')}>
      <p className="lead-text">{t('screen.not-eligible.body')}</p>
      <Link className="button button-secondary" to="/home">
        {t('errorPage.home')}
      </Link>
    </Page>
  );
}

function Embargoed() {
  const { t } = useTranslation();
  return (
    <Page title={t('screen.embargoed-country.title')}>
      <p className="lead-text">{t('screen.embargoed-country.body')}</p>
    </Page>
  );
}

export default function Screens({ id }: { id: string }) {
  if (id === 'not-eligible') return <NotEligible />;
  if (id === 'embargoed-country') return <Embargoed />;
  return <FeatureScreen id={id} />;
}
