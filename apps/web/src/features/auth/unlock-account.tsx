// The unlock link of a soft-locked account: unlocks it, or says why it cannot.
import { unlock } from '@portal/contract/calls/accounts-recovery';
import { useEffect, useRef } from 'react';
import { useServices } from '../../lib/services.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { href } from '../../lib/router/route-table.ts';

export function UnlockAccount() {
  const { t } = useTranslation();
  const services = useServices();
  const query = new URLSearchParams(useLocation().search);
  const done = useRef(false);
  const attempt = useSubmit(async () => {
    await services.api.call(unlock, { body: { token: query.get('token') ?? '', email: query.get('email') ?? '' } });
    done.current = true;
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void attempt.run();
  }, [attempt]);
  if (attempt.pending || (!attempt.error && !done.current)) return <Spinner />;
  if (attempt.error) {
    return (
      <Page title={t('unlock.failedTitle')}>
        <FormError error={attempt.error} />
        <div className="actions">
          <Link className="button" to={href('reset-password')}>
            {t('signIn.forgotPassword')}
          </Link>
          <Link className="button button-secondary" to={href('sign-in')}>
            {t('home.signIn')}
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title={t('unlock.doneTitle')}>
      <p className="lead-text">{t('unlock.done')}</p>
      <Link className="button" to={href('sign-in')}>
        {t('home.signIn')}
      </Link>
    </Page>
  );
}
