// Email verification (by the mailed code when signed in, or by the mailed link) and consent to
// updated terms.
import { verifyEmail } from '@portal/contract/calls/accounts';
import { consent, sendVerificationEmail } from '@portal/contract/calls/accounts-me';
import { useEffect, useRef, useState } from 'react';
import { continueFlow } from '../../flows/continue-flow.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { useSession } from '../../lib/services.tsx';
import { useFlowServices } from '../../flows/flow-services.tsx';
import { safeRedirectTarget } from '../../lib/router/safe-redirect.ts';
import { CheckboxField, CodeField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isLoggedIn } from '../../lib/auth/session-store.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { href } from '../../lib/router/route-table.ts';
import { debugSettings, saveDebugSettings } from '../../lib/environment.ts';

/** Verifying the address lifts the registration flag, as the server lifts the account's: the debug setting's too. */
function liftDebugFlag(debug: boolean) {
  const settings = debugSettings(debug);
  if (settings.isRegistrationFlagged) saveDebugSettings({ ...settings, isRegistrationFlagged: false });
}

export function VerifyEmail() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const session = useSession();
  const query = new URLSearchParams(useLocation().search);
  const token = query.get('token');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const tried = useRef(false);
  const byLink = useSubmit(async () => {
    await services.api.call(verifyEmail, { body: { token: token ?? '' } });
    liftDebugFlag(services.debug);
    // Rule 2: a link opened without a session (another device, a new tab) is a flow of its own.
    if (!services.session.get().accessToken && !services.flow.active) {
      services.flow.send({ type: 'anonymousEmailVerified' });
      return continueFlow(services);
    }
    navigate(href('verify-email-success'), { replace: true });
  });
  useEffect(() => {
    if (!token || tried.current) return;
    tried.current = true;
    void byLink.run();
  }, [token, byLink]);
  /** The address is verified: the account again, then the flow goes on (or the success page). */
  const verified = async () => {
    liftDebugFlag(services.debug);
    await services.account.refresh();
    // Rule 12 sent a flow here (a game's sign-in, or a registration whose display name is still to
    // choose, rule 14): it goes on now that the email is verified.
    if (services.flow.active) return continueFlow(services);
    navigate(href('verify-email-success'), { replace: true });
  };
  const send = useSubmit(async () => {
    try {
      await services.api.call(sendVerificationEmail);
    } catch (error) {
      // Verified already (the sign-up's emailed code proved it): nothing to send, the flow goes on.
      if (error instanceof ApiError && error.is('email_already_verified')) return verified();
      throw error;
    }
    setSent(true);
  });
  const byCode = useSubmit(async () => {
    await services.api.call(verifyEmail, { body: { code: code.trim() } });
    await verified();
  });
  if (token) {
    return (
      <Page title={t('screen.verify-email.title')}>
        {byLink.pending || !byLink.error ? <Spinner /> : <FormError error={byLink.error} />}
      </Page>
    );
  }
  const signedIn = session.accessToken !== null && session.account !== null;
  const address = session.account?.email_pending ?? session.account?.email ?? '';
  return (
    <Page title={t('screen.verify-email.title')}>
      {query.get('account_flagged') === 'true' ? <p className="notice">{t('verify.flagged')}</p> : null}
      {!signedIn ? (
        <>
          <p className="lead-text">{t('verify.signInFirst')}</p>
          <Link className="button" to={href('sign-in')}>
            {t('home.signIn')}
          </Link>
        </>
      ) : (
        <>
          <p className="lead-text">
            {sent ? t('verify.sent', { email: address }) : t('verify.intro', { email: address })}
          </p>
          {!sent ? (
            <>
              <FormError error={send.error} />
              <button type="button" className="button" onClick={() => void send.run()} disabled={send.pending}>
                {t('verify.send')}
              </button>
            </>
          ) : (
            <form className="form" onSubmit={(e) => (e.preventDefault(), void byCode.run())}>
              <CodeField value={code} onChange={setCode} />
              <FormError error={byCode.error ?? send.error} />
              <button type="submit" className="button" disabled={byCode.pending || code.length !== 6}>
                {t('verify.submit')}
              </button>
              <button
                type="button"
                className="link-button link"
                onClick={() => void send.run()}
                disabled={send.pending}
              >
                {t('signIn.resend')}
              </button>
            </form>
          )}
        </>
      )}
    </Page>
  );
}

export function VerifyEmailSuccess() {
  const { t } = useTranslation();
  const signedIn = isLoggedIn(useSession());
  return (
    <Page title={t('screen.verify-email-success.title')}>
      <p className="lead-text">{t('verify.done')}</p>
      <Link className="button" to={href(signedIn ? 'account' : 'sign-in')}>
        {signedIn ? t('recovery.toAccount') : t('home.signIn')}
      </Link>
    </Page>
  );
}

export function UpdateConsent() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const account = useSession().account;
  const [agreed, setAgreed] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const needed = (['tos', 'privacy_policy'] as const).filter((type) =>
    type === 'tos' ? account?.tos_consent_required : account?.privacy_policy_consent_required,
  );
  const submit = useSubmit(async () => {
    if (!agreed) return setFieldError(t('signUp.termsRequired'));
    setFieldError(null);
    for (const type of needed) {
      await services.account.set(await services.api.call(consent, { params: { type }, body: { consented: true } }));
    }
    // Rule 17 sent a flow here (a game's sign-in, a connection): it goes on now.
    if (services.flow.active && !services.session.consentTarget) return continueFlow(services);
    const target = safeRedirectTarget(services.session.consentTarget);
    services.session.consentTarget = null;
    navigate(target, { replace: true });
  });
  return (
    <Page title={t('screen.update-consent.title')}>
      <p className="lead-text">{t('consent.intro')}</p>
      <ul className="consent-links">
        {needed.includes('tos') ? (
          <li>
            <a href={services.config.links.termsOfUse} target="_blank" rel="noopener noreferrer">
              {t('footer.termsOfUse')}
            </a>
          </li>
        ) : null}
        {needed.includes('privacy_policy') ? (
          <li>
            <a href={services.config.links.privacyPolicy} target="_blank" rel="noopener noreferrer">
              {t('footer.privacyPolicy')}
            </a>
          </li>
        ) : null}
      </ul>
      <SubmitForm submit={submit} label={t('form.continue')}>
        <CheckboxField
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          label={t('signUp.terms')}
          error={fieldError}
        />
      </SubmitForm>
    </Page>
  );
}
