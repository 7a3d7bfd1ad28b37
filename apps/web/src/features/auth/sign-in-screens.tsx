// Signing in (spec 000 §2): email first; then the password, or a code sent by email.
import { loginInfo } from '@portal/contract/calls/accounts-sign-in';
import { sendSignInEmail, signInWithPassword, token } from '@portal/contract/calls/sessions';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { useCaptcha } from '../../components/ui/use-captcha.tsx';
import { CodeField, TextField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { useEmailField } from '../../components/ui/email-field.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { visitorId } from '../../lib/visitor.ts';
import { href } from '../../lib/router/route-table.ts';
import { PlatformSignIn } from './platform-sign-in.tsx';
import { ResendUnlock } from './resend-unlock.tsx';
import { gameFlowInProgress, gameOf, signUpOf } from '../../flows/flow-facts.ts';
import { keepRedirectUrl } from '../../lib/router/redirect-url.ts';
import { takeSessionEnded } from '../../lib/auth/session-ended.ts';

/** What happens after signing in loads only then, keeping it off the sign-in page's first load. */
const afterSignIn = () => import('../../flows/continue-flow.ts');
const device = () => ({ visitor_id: visitorId(), platform_name: 'web' });
/** The welcome of a game signing the player in (OAuth or device flow): loaded only then. */
const FlowGameWelcome = lazy(() => import('../../flows/auth-game.tsx').then((m) => ({ default: m.FlowGameWelcome })));
/** Signing in with a passkey (a button, and the browser's autofill in the email field): loaded after the page. */
const PasskeySignIn = lazy(() => import('./passkey-sign-in.tsx'));

export function SignIn() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const email = useEmailField(signUpOf(services.flow.get()).email ?? '', 'username webauthn');
  const flow = useFlow();
  const inGameFlow = gameFlowInProgress(flow) && gameOf(flow) !== null;
  const { search } = useLocation();
  useEffect(() => keepRedirectUrl(search, services.session), [search, services.session]);
  const [ended] = useState(takeSessionEnded);
  const submit = useSubmit(async () => {
    const address = email.validate();
    if (!address) return;
    const { password_set } = await services.api.call(loginInfo, { body: { email: address } });
    (await afterSignIn()).startSignIn(services, address);
    if (password_set) return navigate(href('password-sign-in'));
    await services.api.call(sendSignInEmail, { body: { email: address } });
    navigate(href('email-code-sign-in'));
  });
  return (
    <Page title={t('screen.sign-in.title')}>
      {inGameFlow ? (
        <Suspense fallback={null}>
          <FlowGameWelcome />
        </Suspense>
      ) : null}
      {ended ? (
        <div className="notice" role="status">
          <p>{t('signIn.sessionEnded')}</p>
        </div>
      ) : null}
      <p className="lead-text">{t('signIn.intro')}</p>
      <SubmitForm submit={submit} label={t('form.continue')}>
        {email.field}
      </SubmitForm>
      <Suspense fallback={null}>
        <PasskeySignIn />
      </Suspense>
      <PlatformSignIn />
      <p className="form-links">
        {t('signIn.noAccount')} <Link to={href('sign-up')}>{t('home.createAccount')}</Link>
      </p>
    </Page>
  );
}

function useFlowEmail() {
  return signUpOf(useFlow()).email ?? '';
}

export function PasswordSignIn() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const navigate = useNavigate();
  const email = useFlowEmail();
  const [password, setPassword] = useState('');
  const captcha = useCaptcha(services.config.captcha);
  const submit = useSubmit(async () => {
    if (!captcha.ready()) return;
    services.flow.send({ type: 'credentialsAsked' });
    const answer = await captcha.send((captchaResponse) =>
      services.api.call(signInWithPassword, { body: { email, password, device_data: device() } }, { captchaResponse }),
    );
    const { continueFlow, signedIn } = await afterSignIn();
    await signedIn(services, answer);
    await continueFlow(services);
  });
  const codeInstead = useSubmit(async () => {
    await services.api.call(sendSignInEmail, { body: { email } });
    navigate(href('email-code-sign-in'));
  });
  return (
    <Page title={t('screen.password-sign-in.title')}>
      <p className="lead-text">{t('signIn.as', { email })}</p>
      <form className="form" onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        <TextField
          label={t('form.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {captcha.field}
        <FormError error={submit.error ?? codeInstead.error} />
        <ResendUnlock error={submit.error} email={email} />
        <button type="submit" className="button" disabled={submit.pending || password === ''}>
          {t('signIn.submit')}
        </button>
      </form>
      <div className="form-links">
        <button
          type="button"
          className="link-button link"
          onClick={() => void codeInstead.run()}
          disabled={codeInstead.pending}
        >
          {t('signIn.useCode')}
        </button>
        <Link to={href('reset-password')}>{t('signIn.forgotPassword')}</Link>
        <Link to={href('sign-in')}>{t('signIn.otherEmail')}</Link>
      </div>
    </Page>
  );
}

export function EmailCodeSignIn() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const email = useFlowEmail();
  const [code, setCode] = useState('');
  const [resent, setResent] = useState(false);
  const submit = useSubmit(async () => {
    services.flow.send({ type: 'credentialsAsked' });
    const answer = await services.api.call(token, {
      body: { grant_type: 'email_code', email, code: code.trim(), device_data: device() },
    });
    const { continueFlow, signedIn } = await afterSignIn();
    await signedIn(services, answer);
    await continueFlow(services);
  });
  const resend = useSubmit(async () => {
    setResent(false);
    await services.api.call(sendSignInEmail, { body: { email } });
    setResent(true);
  });
  return (
    <Page title={t('screen.email-code-sign-in.title')}>
      <p className="lead-text">{t('signIn.codeSent', { email })}</p>
      <form className="form" onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        <CodeField value={code} onChange={setCode} />
        <FormError error={submit.error ?? resend.error} />
        <ResendUnlock error={submit.error} email={email} />
        {resent ? <p role="status">{t('signIn.codeResent')}</p> : null}
        <button type="submit" className="button" disabled={submit.pending || code.length !== 6}>
          {t('signIn.submit')}
        </button>
      </form>
      <div className="form-links">
        <button type="button" className="link-button link" onClick={() => void resend.run()} disabled={resend.pending}>
          {t('signIn.resend')}
        </button>
        <Link to={href('sign-in')}>{t('signIn.wrongEmail')}</Link>
        <Link to={href('password-sign-in')}>{t('signIn.usePassword')}</Link>
        {services.config.links.support ? (
          <a href={services.config.links.support} target="_blank" rel="noopener noreferrer">
            {t('footer.support')}
          </a>
        ) : null}
      </div>
    </Page>
  );
}
