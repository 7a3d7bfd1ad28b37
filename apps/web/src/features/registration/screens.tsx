import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { FeatureScreen } from '../../components/ui/feature-screen.tsx';
import { Page } from '../../components/ui/page.tsx';
import { DisplayName } from './display-name.tsx';
import { UpdateConsent, VerifyEmail, VerifyEmailSuccess } from './verify-and-consent.tsx';
import { AgeAndLocation, CreatePassword, EmailRegistration, SignUp } from './sign-up-screens.tsx';

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
  if (id === 'sign-up') return <SignUp />;
  if (id === 'age-and-location') return <AgeAndLocation />;
  if (id === 'email-registration') return <EmailRegistration />;
  if (id === 'create-password') return <CreatePassword />;
  if (id === 'display-name') return <DisplayName />;
  if (id === 'verify-email') return <VerifyEmail />;
  if (id === 'verify-email-success') return <VerifyEmailSuccess />;
  if (id === 'update-consent') return <UpdateConsent />;
  if (id === 'not-eligible') return <NotEligible />;
  if (id === 'embargoed-country') return <Embargoed />;
  return <FeatureScreen id={id} />;
}
