// The connection result (spec 000 §4): /connection/sign-out-confirmation for a platform that asks
// for it (the player may end their sign-in at the platform, on a shared computer), then
// /connection/connection-success with the platform's name; continuing ends the flow.
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import { useEffect } from 'react';
import type { PlatformId } from '@portal/contract/data/platforms';
import { connectionPlatform } from '../../../flows/connection-flow.ts';
import { useStepFocus } from '../../../components/ui/step-focus.ts';
import { href } from '../../../lib/router/route-table.ts';
import { FormError } from '../../../components/ui/form-error.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/i18n/messages.ts';
import { Link, useNavigate } from '../../../lib/router/router.tsx';
import { useFlow, useFlowServices } from '../../../flows/flow-services.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { endConnection } from './connection-connect.tsx';
import { useConnectionTexts } from './connection-game.ts';

/** The flow's platform; without one (no connection under way) the page leads to Linked accounts. */
function useFlowPlatform(): PlatformId | null {
  const platform = connectionPlatform(useFlow());
  const navigate = useNavigate();
  useEffect(() => {
    if (!platform) navigate(href('linked-accounts'), { replace: true });
  }, [platform, navigate]);
  return platform;
}

export function ConnectionSignOut() {
  const { t } = useTranslation();
  const platform = useFlowPlatform();
  useStepFocus('connection-sign-out');
  if (!platform) return <Spinner />;
  const name = PLATFORM_CATALOGUE[platform].name;
  return (
    <Page title={t('screen.connection-sign-out.title')}>
      <p className="lead-text" role="status">
        {t('linkedAccounts.connectedNotice', { platform: name })}
      </p>
      <p>{t('connection.signOutBody', { platform: name })}</p>
      <div className="actions">
        <a className="button button-secondary" href={`/platforms/${platform}/sign-out`} target="_blank" rel="noopener">
          {t('connection.signOut', { platform: name })}
          <span className="visually-hidden"> {t('connection.newTab')}</span>
        </a>
        <Link className="button" to={href('connection-success')}>
          {t('form.continue')}
        </Link>
      </div>
    </Page>
  );
}

export function ConnectionSuccess() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const platform = useFlowPlatform();
  const texts = useConnectionTexts(platform);
  const done = useSubmit(() => endConnection(services));
  useStepFocus('connection-success');
  if (!platform || texts.game === undefined) return <Spinner />;
  const name = PLATFORM_CATALOGUE[platform].name;
  return (
    <Page title={t('screen.connection-success.title')}>
      <p className="lead-text" role="status">
        {texts.success ?? t('connection.successBody', { platform: name })}
      </p>
      <FormError error={done.error} />
      <div className="actions">
        <button type="button" className="button" disabled={done.pending} onClick={() => void done.run()}>
          {t('form.continue')}
        </button>
        {texts.landingPage ? (
          <a className="button button-secondary" href={texts.landingPage} rel="noopener">
            {t('connection.landingPage')}
          </a>
        ) : null}
      </div>
    </Page>
  );
}
