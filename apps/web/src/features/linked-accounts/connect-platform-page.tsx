// /connect/{platformId} (spec 000 §2 "dashboard account connection"): one platform's card, as on
// /linked-accounts, for a link that names the platform (a game's "connect your PlayStation account").
// The guard has already turned hyphens into underscores and sent unknown or blocked platforms to the
// error page (guard 6). Rule 6 (spec 000 §4) sends a stub's device flow here too: its game's welcome
// (`entry`), and once the platform is linked, on to `redirect_uri` (connect-platform-flow.ts).
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useEffect } from 'react';
import { GameWelcome, useAuthGame } from '../../flows/auth-game.tsx';
import { continueFlow } from '../../flows/continue-flow.ts';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { href } from '../../lib/router/route-table.ts';
import { VerifyEmailModal } from '../../components/account/verify-email-modal.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { debugSettings } from '../../lib/environment.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate, useParams } from '../../lib/router/router.tsx';
import { useSession } from '../../lib/services.tsx';
import { redirectAfterLink, userFlowConnects } from './connect-platform-flow.ts';
import { PlatformRow } from './linked-accounts-page.tsx';

export function ConnectPlatformPage() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const flow = useFlow();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { account } = useSession();
  const platform = useParams().platformId as PlatformId;
  const entry = new URLSearchParams(search).get('entry');
  const game = useAuthGame(entry);
  const userFlow = userFlowConnects(flow, platform);
  const required = userFlow && flow.flow === 'device' && flow.device.userFlowRequired;
  const link = account?.links[platform];
  const linked = link !== undefined && !link.pending;
  // Rule 6: linked (in the popup, with a short code, or before), the device flow goes on.
  useEffect(() => {
    if (!userFlow || !linked) return;
    services.flow.send({ type: 'userFlowConnected' });
    const next = redirectAfterLink(search);
    if (next) navigate(next, { replace: true });
    else void continueFlow(services);
  }, [userFlow, linked, search, services, navigate]);
  if (!account || game === undefined) return <Spinner />;
  const unverified = account.email !== null && !account.email_verified;
  return (
    <Page title={t('screen.connect-platform.title')}>
      {entry && game ? <GameWelcome game={game} /> : null}
      {required ? (
        <p className="field-hint">{t('connection.required', { platform: PLATFORM_CATALOGUE[platform].name })}</p>
      ) : null}
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
      {/* A stub has no dashboard to go to. */}
      {account.stub ? null : (
        <p className="form-links">
          <Link to={href('linked-accounts')}>{t('linkedAccounts.all')}</Link>
        </p>
      )}
    </Page>
  );
}
