// /playtests/register/{betaId} (spec 000 §2): the playtest (title, landing text, description) and its
// registration form; once registered, its success text and the way back to /playtests. A player
// already registered is told so; a closed registration says it is closed. `?code=` (from the campaign
// page) is redeemed right after registering.
import { betaId as betaIdSchema } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { href } from '../../lib/router/route-table.ts';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { ScreenState } from '../../components/ui/screen-state.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useParams } from '../../lib/router/router.tsx';
import { resolved } from './beta-texts.ts';
import { registerView } from './page-views.ts';
import { BackToPlaytests, PageMessage, PlaytestIntro, RedemptionNotOpen } from './playtest-intro.tsx';
import { RegisterForm } from './register-form.tsx';
import type { Registration } from './register-form.tsx';
import { usePlaytest, usePlaytestChanged } from './use-playtests.ts';
import './playtests.css';

export function RegisterPage() {
  const { t } = useTranslation();
  const id = useParams().betaId ?? '';
  const valid = betaIdSchema.safeParse(id).success;
  const code = new URLSearchParams(useLocation().search).get('code');
  const query = usePlaytest(valid ? id : undefined);
  const changed = usePlaytestChanged();
  const [registration, setRegistration] = useState<Registration | null>(null);
  const missing = !valid || (query.error instanceof ApiError && query.error.status === 404);

  let body;
  if (missing) {
    body = (
      <PageMessage tone="error">
        <p>{t('playtests.notFound')}</p>
      </PageMessage>
    );
  } else if (registration) {
    body = <Registered registration={registration} code={code} />;
  } else if (query.data) {
    const beta = query.data;
    const view = registerView(beta);
    body = (
      <>
        <PlaytestIntro beta={beta} description />
        {view === 'form' ? (
          <RegisterForm
            beta={beta}
            code={code}
            onRefresh={() => query.refetch()}
            onRegistered={(done) => {
              void changed(done.beta);
              setRegistration(done);
            }}
          />
        ) : (
          <PageMessage
            actions={
              view === 'registered' && code ? (
                <p className="form-links">
                  <Link to={href('playtest', { params: { code } })} className="button">
                    {t('playtests.redeemYourCode')}
                  </Link>
                  <Link to={href('playtests')}>{t('playtests.toPlaytests')}</Link>
                </p>
              ) : undefined
            }
          >
            <p>{t(view === 'registered' ? 'playtests.registeredAlready' : 'playtests.registrationClosed')}</p>
          </PageMessage>
        )}
      </>
    );
  } else {
    body = (
      <ScreenState status={query.isError ? 'error' : 'skeletonLoading'} onRetry={() => void query.refetch()}>
        {null}
      </ScreenState>
    );
  }
  return <Page title={t('screen.playtest-register.title')}>{body}</Page>;
}

/** Registered: the playtest's success text, whether the code was redeemed too (or why not). */
function Registered({ registration, code }: { registration: Registration; code: string | null }) {
  const { t, i18n } = useTranslation();
  const { beta, redeemed, redeemError, codeWaits } = registration;
  const success = resolved(beta.registration_success, i18n.language) ?? t('playtests.registeredDefault');
  return (
    <>
      <PageMessage focus actions={redeemError ? null : undefined}>
        <p className="notice-title">
          {t('playtests.registeredTitle', { title: resolved(beta.title, i18n.language) ?? '' })}
        </p>
        <p className="playtest-text">{success}</p>
        {redeemed ? <p>{t('playtests.registeredRedeemed')}</p> : null}
        {codeWaits ? <RedemptionNotOpen beta={beta} /> : null}
      </PageMessage>
      {redeemError ? (
        <>
          <p>{t('playtests.redeemAfterRegisterFailed')}</p>
          <FormError error={redeemError} />
          <p className="form-links">
            {code ? <Link to={href('playtest', { params: { code } })}>{t('playtests.tryCodeAgain')}</Link> : null}
          </p>
          <BackToPlaytests primary />
        </>
      ) : null}
    </>
  );
}
