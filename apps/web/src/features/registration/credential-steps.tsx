// The credentials of sign-up (spec 000 §4 "Registration steps"): the emailed code (/email-registration)
// or a password (/create-password), with the consents, then the account is created. The code is
// mailed once per address (registration-code.ts): a reload, Back and Forward keep it. "Create a
// password instead" keeps what the code step had: the code mailed still verifies the address (typed
// on the password step, or already typed), and the consents ticked stay ticked (issue 28).
import { complete, register, sendRegistrationEmail } from '@portal/contract/calls/accounts';
import { useEffect, useRef, useState } from 'react';
import { continueFlow, signedIn } from '../../flows/continue-flow.ts';
import { href } from '../../lib/router/route-table.ts';
import { CheckboxField, CodeField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { useNewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useCaptcha } from '../../components/ui/use-captcha.tsx';
import { EMAIL_CODE_LENGTH } from '@portal/contract/data/constants';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { useServices } from '../../lib/services.tsx';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { shouldSendCode } from './registration-code.ts';
import { signUpOf } from '../../flows/flow-facts.ts';

function useRegistrationBody() {
  const { i18n } = useTranslation();
  const data = signUpOf(useFlow());
  return (extra: { email_code?: string; password?: string }, marketing: boolean) => ({
    email: data.email ?? '',
    ...(data.dob ? { date_of_birth: data.dob } : { age: data.age ?? 0 }),
    country: data.country ?? 'US',
    territory: data.territory ? data.territory : null,
    locale: i18n.language,
    marketing_opt_in: marketing,
    tos_consent: true as const,
    ...extra,
  });
}

/** A consent kept in the flow, so that the other step and a reload keep it. */
function useFlowChoice(key: 'terms' | 'marketing'): [boolean, (on: boolean) => void] {
  const services = useFlowServices();
  const [on, setOn] = useState(signUpOf(useFlow())[key]);
  return [
    on,
    (next) => {
      setOn(next);
      services.flow.send({ type: 'signUpChanged', patch: { [key]: next } });
    },
  ];
}

/** The code as typed, kept in the flow's data like the choices. */
function useFlowCode(): [string, (code: string) => void] {
  const services = useFlowServices();
  const [code, setCode] = useState(signUpOf(useFlow()).code);
  return [
    code,
    (next) => {
      setCode(next);
      services.flow.send({ type: 'signUpChanged', patch: { code: next } });
    },
  ];
}

function ConsentFields(props: {
  terms: boolean;
  setTerms: (v: boolean) => void;
  marketing: boolean;
  setMarketing: (v: boolean) => void;
  termsError: string | null;
}) {
  const { t } = useTranslation();
  const { config } = useServices();
  return (
    <>
      <CheckboxField
        checked={props.terms}
        onChange={(e) => props.setTerms(e.target.checked)}
        error={props.termsError}
        label={
          <>
            {t('signUp.terms')}{' '}
            <a href={config.links.termsOfUse} target="_blank" rel="noopener noreferrer">
              {t('footer.termsOfUse')}
            </a>{' '}
            ·{' '}
            <a href={config.links.privacyPolicy} target="_blank" rel="noopener noreferrer">
              {t('footer.privacyPolicy')}
            </a>
          </>
        }
      />
      <CheckboxField
        checked={props.marketing}
        onChange={(e) => props.setMarketing(e.target.checked)}
        label={t('signUp.marketing')}
      />
    </>
  );
}

function useCreateAccount() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const body = useRegistrationBody();
  const [terms, setTerms] = useFlowChoice('terms');
  const [marketing, setMarketing] = useFlowChoice('marketing');
  const [termsError, setTermsError] = useState<string | null>(null);
  const captcha = useCaptcha(services.config.captcha);
  const create = async (extra: { email_code?: string; password?: string }) => {
    if (!terms) {
      setTermsError(t('signUp.termsRequired'));
      return;
    }
    setTermsError(null);
    // The stub flow's "create a new account": the stub the browser holds becomes the account.
    if (services.session.get().account?.stub) {
      const account = await services.api.call(complete, { body: body(extra, marketing) });
      await services.account.set(account);
      services.flow.send({ type: 'stubCompleted' });
      await continueFlow(services);
      return;
    }
    if (!captcha.ready()) return;
    const answer = await captcha.send((captchaResponse) =>
      services.api.call(
        register,
        { query: { options: ['account', 'refresh_token'] }, body: body(extra, marketing) },
        { captchaResponse },
      ),
    );
    await signedIn(services, answer);
    services.flow.send({ type: 'accountCreated' });
    await continueFlow(services);
  };
  return { create, consent: { terms, setTerms, marketing, setMarketing, termsError }, captcha: captcha.field };
}

export function EmailRegistration() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const data = signUpOf(useFlow());
  const [code, setCode] = useFlowCode();
  const opened = useRef(false);
  const { create, consent, captcha } = useCreateAccount();
  // The code of this address, mailed when the step first opens; a failure lets the next opening try.
  const firstSend = useSubmit(async () => {
    const email = data.email ?? '';
    services.flow.send({ type: 'signUpChanged', patch: { codeSentTo: email } });
    try {
      await services.api.call(sendRegistrationEmail, { body: { email } });
    } catch (error) {
      services.flow.send({ type: 'signUpChanged', patch: { codeSentTo: null } });
      throw error;
    }
  });
  // "Send a new code": only when the player asks.
  const resend = useSubmit(async () => {
    await services.api.call(sendRegistrationEmail, { body: { email: data.email ?? '' } });
  });
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (shouldSendCode(signUpOf(services.flow.get()))) void firstSend.run();
  }, [firstSend, services.flow]);
  const submit = useSubmit(() => create({ email_code: code.trim() }));
  return (
    <Page title={t('screen.email-registration.title')}>
      <p className="lead-text">{t('signUp.codeSent', { email: data.email ?? '' })}</p>
      <form className="form" onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        <CodeField value={code} onChange={setCode} />
        <ConsentFields {...consent} />
        {captcha}
        <FormError error={submit.error ?? resend.error ?? firstSend.error} />
        <button type="submit" className="button" disabled={submit.pending || code.length !== EMAIL_CODE_LENGTH}>
          {t('signUp.create')}
        </button>
      </form>
      <div className="form-links">
        <button
          type="button"
          className="link-button link"
          onClick={() => void resend.run()}
          disabled={resend.pending || firstSend.pending}
        >
          {t('signIn.resend')}
        </button>
        <Link to={href('create-password')}>{t('signUp.usePassword')}</Link>
      </div>
    </Page>
  );
}

export function CreatePassword() {
  const { t } = useTranslation();
  const data = signUpOf(useFlow());
  const newPassword = useNewPasswordFields();
  const { create, consent, captcha } = useCreateAccount();
  // Reached by "Create a password instead": the code mailed to the address still verifies it.
  const codeSent = data.email !== null && data.codeSentTo === data.email;
  const [code, setCode] = useFlowCode();
  const [codeError, setCodeError] = useState<string | null>(null);
  const submit = useSubmit(async () => {
    const password = newPassword.validate();
    const typed = code.trim();
    const codeMissing = codeSent && typed.length !== EMAIL_CODE_LENGTH;
    setCodeError(codeMissing ? t('signUp.codeRequired') : null);
    if (!password || codeMissing) return;
    await create(codeSent ? { password, email_code: typed } : { password });
  });
  return (
    <Page title={t('screen.create-password.title')}>
      {codeSent ? <p className="lead-text">{t('signUp.passwordWithCode', { email: data.email ?? '' })}</p> : null}
      <p className={codeSent ? undefined : 'lead-text'}>{t('form.passwordRules')}</p>
      <SubmitForm submit={submit} label={t('signUp.create')}>
        {codeSent ? <CodeField value={code} onChange={setCode} error={codeError} /> : null}
        {newPassword.fields}
        <ConsentFields {...consent} />
        {captcha}
      </SubmitForm>
    </Page>
  );
}
