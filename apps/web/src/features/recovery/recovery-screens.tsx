// Password reset (spec 000 §2 "Reset password: forgot, email sent, new password, success").
import { finalizeRecovery, initRecovery, validateRecovery } from '@portal/contract/calls/accounts-recovery';
import { useEffect, useState } from 'react';
import { useDeferredQuery } from '../../lib/query/use-deferred-query.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { useSession } from '../../lib/services.tsx';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { visitorId } from '../../lib/visitor.ts';
import { useEmailField } from '../../components/ui/email-field.tsx';
import { useNewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { href } from '../../lib/router/route-table.ts';
import { signUpOf } from '../../flows/flow-facts.ts';

const RESET_EMAIL_KEY = 'portal.resetEmail';

export function ResetPassword() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const email = useEmailField(signUpOf(services.flow.get()).email ?? '');
  const submit = useSubmit(async () => {
    const address = email.validate();
    if (!address) return;
    await services.api.call(initRecovery, { body: { email: address } });
    sessionStorage.setItem(RESET_EMAIL_KEY, address);
    navigate(href('reset-password-message'));
  });
  return (
    <Page title={t('screen.reset-password.title')}>
      <p className="lead-text">{t('recovery.intro')}</p>
      <SubmitForm submit={submit} label={t('recovery.send')}>
        {email.field}
      </SubmitForm>
      <p className="form-links">
        <Link to={href('sign-in')}>{t('recovery.backToSignIn')}</Link>
      </p>
    </Page>
  );
}

export function ResetPasswordMessage() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const email = sessionStorage.getItem(RESET_EMAIL_KEY) ?? '';
  const [resent, setResent] = useState(false);
  const resend = useSubmit(async () => {
    setResent(false);
    await services.api.call(initRecovery, { body: { email } });
    setResent(true);
  });
  return (
    <Page title={t('screen.reset-password-message.title')}>
      <p className="lead-text">{t('recovery.sent', { email })}</p>
      <FormError error={resend.error} />
      {resent ? <p role="status">{t('recovery.resent')}</p> : null}
      <div className="form-links">
        {email ? (
          <button
            type="button"
            className="link-button link"
            onClick={() => void resend.run()}
            disabled={resend.pending}
          >
            {t('recovery.resend')}
          </button>
        ) : null}
        <Link to={href('sign-in')}>{t('recovery.backToSignIn')}</Link>
      </div>
    </Page>
  );
}

export function ChoosePassword() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().search).get('token') ?? '';
  // The link checked each time the page opens (it may have been used since); why it is refused, as
  // the server says it (used already, or expired): issue 28.
  const check = useDeferredQuery({
    queryKey: ['recovery-link', token],
    queryFn: () => services.api.call(validateRecovery, { query: { token } }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const state = { pending: 'checking', success: 'valid', error: 'refused' }[check.status];
  const refusal = check.error;
  const newPassword = useNewPasswordFields();
  useEffect(() => {
    // Rule 3: the reset link's flow (its token kept for the success page).
    if (state === 'valid') services.flow.send({ type: 'resetLinkOpened', token });
  }, [state, services.flow, token]);
  const submit = useSubmit(async () => {
    const password = newPassword.validate();
    if (!password) return;
    const answer = await services.api.call(finalizeRecovery, {
      body: {
        token,
        new_password: password,
        auto_login: true,
        device_data: { visitor_id: visitorId(), platform_name: 'web' },
      },
    });
    const { continueFlow, signedIn } = await import('../../flows/continue-flow.ts');
    // With two-factor on, the sign-in waits for its second step (the flow's two-factor step).
    if (answer.session) await signedIn(services, answer.session);
    // Rule 3: the password is updated; its success page follows.
    if (services.flow.send({ type: 'passwordUpdated' })) return continueFlow(services);
    navigate(href('choose-password-success', { query: { token } }), { replace: true });
  });
  if (state === 'checking') return <Spinner />;
  if (state === 'refused') {
    const used = refusal instanceof ApiError && refusal.is('recovery_link_used');
    return (
      <Page title={t('screen.choose-password.title')}>
        <FormError error={refusal} />
        <div className="actions">
          {used ? (
            <Link className="button" to={href('sign-in')}>
              {t('recovery.backToSignIn')}
            </Link>
          ) : null}
          <Link className={used ? 'button button-secondary' : 'button'} to={href('reset-password')}>
            {t('recovery.again')}
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page title={t('screen.choose-password.title')}>
      <p className="lead-text">{t('form.passwordRules')}</p>
      <SubmitForm submit={submit} label={t('recovery.save')}>
        {newPassword.fields}
      </SubmitForm>
    </Page>
  );
}

export function ChoosePasswordSuccess() {
  const { t } = useTranslation();
  const { flow } = useFlowServices();
  // Two-factor on: the new sign-in waits for its second step (never the mailbox: ADR 029).
  const { pendingMfa } = useSession();
  // The reset's flow is over once its sign-in is (rule 3 would otherwise lead back here).
  useEffect(() => {
    if (!pendingMfa && flow.get().flow === 'user-flow') flow.send({ type: 'ended' });
  }, [pendingMfa, flow]);
  return (
    <Page title={t('screen.choose-password-success.title')}>
      <p className="lead-text">{t('recovery.done')}</p>
      {pendingMfa ? (
        <Link className="button" to={href('two-factor')} onClick={() => flow.send({ type: 'twoFactorPending' })}>
          {t('recovery.finishSignIn')}
        </Link>
      ) : (
        <Link className="button" to={href('account')}>
          {t('recovery.toAccount')}
        </Link>
      )}
    </Page>
  );
}
