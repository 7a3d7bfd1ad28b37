// /connect/{platformId} (spec 000 §2 "dashboard account connection"): one platform's card, as on
// /linked-accounts, for a link that names the platform (a game's "connect your PlayStation account").
// The guard has already turned hyphens into underscores and sent unknown or blocked platforms to the
// error page (guard 6).
import type { PlatformId } from '@portal/contract/data/platforms';
import { href } from '../../lib/router/route-table.ts';
import { VerifyEmailModal } from '../../components/account/verify-email-modal.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { debugSettings } from '../../lib/environment.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useNavigate, useParams } from '../../lib/router/router.tsx';
import { useServices, useSession } from '../../lib/services.tsx';
import { PlatformRow } from './linked-accounts-page.tsx';

export function ConnectPlatformPage() {
  const { t } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const { account } = useSession();
  const platform = useParams().platformId as PlatformId;
  if (!account) return <Spinner />;
  const unverified = account.email !== null && !account.email_verified;
  return (
    <Page title={t('screen.connect-platform.title')}>
      {unverified ? (
        <>
          <div className="notice">
            <p>{t('linkedAccounts.verifyFirst')}</p>
          </div>
          <VerifyEmailModal account={account} onClose={() => navigate(href('linked-accounts'))} />
        </>
      ) : (
        <ul className="platform-list platform-list-single">
          <PlatformRow
            platform={platform}
            account={account}
            refreshRequired={debugSettings(services.debug).refreshRequired}
            offered
          />
        </ul>
      )}
      <p className="form-links">
        <Link to={href('linked-accounts')}>{t('linkedAccounts.all')}</Link>
      </p>
    </Page>
  );
}
