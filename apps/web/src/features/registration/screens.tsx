import type { ComponentType } from 'react';
import type { ScreenId } from '../../lib/router/route-table.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { Page } from '../../components/ui/page.tsx';
import { DisplayName } from './display-name.tsx';
import { UpdateConsent, VerifyEmail, VerifyEmailSuccess } from './verify-and-consent.tsx';
import { AgeAndLocation, SignUp } from './sign-up-screens.tsx';
import { CreatePassword, EmailRegistration } from './credential-steps.tsx';
import { SelectCountry } from './select-country.tsx';
import { href } from '../../lib/router/route-table.ts';

function NotEligible() {
  const { t } = useTranslation();
  return (
    <Page title={t('screen.not-eligible.title')}>
      <p className="lead-text">{t('screen.not-eligible.body')}</p>
      <Link className="button button-secondary" to={href('home')}>
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
      <Link className="button button-secondary" to={href('home')}>
        {t('errorPage.home')}
      </Link>
    </Page>
  );
}

const SCREENS: Record<ScreenId<'registration'>, ComponentType> = {
  'sign-up': SignUp,
  'age-and-location': AgeAndLocation,
  'email-registration': EmailRegistration,
  'create-password': CreatePassword,
  'display-name': DisplayName,
  'verify-email': VerifyEmail,
  'verify-email-success': VerifyEmailSuccess,
  'update-consent': UpdateConsent,
  'not-eligible': NotEligible,
  'select-country': SelectCountry,
  'embargoed-country': Embargoed,
};

export default function Screens({ id }: { id: ScreenId<'registration'> }) {
  const Screen = SCREENS[id];
  return <Screen />;
}
