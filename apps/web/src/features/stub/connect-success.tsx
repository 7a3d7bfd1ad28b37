// /connect-success (rule 13): the stub's progress is now the account's; the console signs in to it
// at its next poll. The server's game name comes in the query.
import { useEffect } from 'react';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { href } from '../../lib/router/route-table.ts';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation } from '../../lib/router/router.tsx';
import { useFlowServices } from '../../flows/flow-services.tsx';
import './stub.css';

export function ConnectSuccess() {
  const { t } = useTranslation();
  const { flow, session } = useFlowServices();
  const game = new URLSearchParams(useLocation().search).get('game');
  useStepFocus('success');
  // The flow is over: a later sign-in starts afresh.
  useEffect(() => {
    const forget = () => flow.send({ type: 'ended' });
    window.addEventListener('pagehide', forget);
    return () => window.removeEventListener('pagehide', forget);
  }, [flow]);
  const signedIn = session.get().account?.stub === false;
  return (
    <Page title={t('screen.connect-success.title')}>
      <p className="lead-text" role="status">
        {game ? t('stub.success.bodyGame', { game }) : t('stub.success.body')}
      </p>
      <p>{t('stub.success.next')}</p>
      {signedIn ? (
        <div className="actions">
          <Link className="button" to={href('account')} onClick={() => flow.send({ type: 'ended' })}>
            {t('stub.success.account')}
          </Link>
        </div>
      ) : null}
    </Page>
  );
}
