// Creating an account (spec 000 §4 "Registration steps"): email, age and location, an emailed code
// or a password, then the display name.
import {
  checkAgeCategory,
  complete,
  getLocation,
  register,
  sendRegistrationEmail,
} from '@portal/contract/calls/accounts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { continueFlow, signedIn } from '../../app/flows/continue-flow.ts';
import { useFlow, useServices } from '../../lib/services.tsx';
import { useCaptcha } from '../../components/ui/use-captcha.tsx';
import { CheckboxField, CodeField, TextField } from '../../components/ui/field.tsx';
import { FormError, SubmitForm } from '../../components/ui/form-error.tsx';
import { LocationFields } from '../../components/ui/location-fields.tsx';
import { Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { ageGate } from '../../lib/auth/flow-store.ts';
import { datePlaceholder, formatCalendarDate, parseCalendarDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { getGame } from '@portal/contract/calls/games';
import { useSubmit } from '../../lib/use-submit.ts';
import { useEmailField } from '../../components/ui/email-field.tsx';
import { ageBrackets } from './age-brackets.ts';
import { GameWelcome } from '../../app/flows/auth-game.tsx';
import { GAME_KEYS, gameFlowInProgress } from '../../app/flows/game-flow.ts';
import type { GameConfig } from '@portal/contract/calls/games';
import { useNewPasswordFields } from '../../components/ui/new-password-fields.tsx';
import { href } from '../../app/routing/route-table.ts';

/** registration_defaults and the game (`entry`) from the query of a game's sign-up link. */
function registrationDefaults(search: string): Record<string, string> {
  const query = new URLSearchParams(search);
  const defaults: Record<string, string> = {};
  const dob = query.get('dob');
  if (dob && /^\d{4}-\d{2}-\d{2}$/.test(dob)) defaults.dob = dob;
  const location = query.get('location')?.toUpperCase();
  if (location && /^[A-Z]{2}(-[A-Z]{2})?$/.test(location)) {
    defaults.country = location.slice(0, 2);
    if (location.length === 5) defaults.territory = location;
  }
  const entry = query.get('entry');
  if (entry && /^[a-z0-9][a-z0-9_-]{0,63}$/.test(entry)) defaults.gameSlug = entry;
  return defaults;
}

export function SignUp() {
  const { t } = useTranslation();
  const services = useServices();
  const { search } = useLocation();
  const defaults = useMemo(() => registrationDefaults(search), [search]);
  const email = useEmailField();
  // A game signing the player in (OAuth or device flow) keeps its flow and shows its welcome here too.
  const flow = useFlow();
  const inGameFlow = gameFlowInProgress(flow);
  const gameSlug = defaults.gameSlug ?? (inGameFlow ? flow.data[GAME_KEYS.slug] : undefined);
  const [game, setGame] = useState<{ config: GameConfig; credentials: string; ageButtons: string } | null>(null);
  useEffect(() => {
    if (!gameSlug) return;
    services.api.call(getGame, { params: { slug: gameSlug } }).then(
      (config) =>
        setGame({
          config,
          credentials: config.user_experience.registration_preferred_credentials,
          ageButtons: config.user_experience.registration_age?.join(',') ?? '',
        }),
      () => setGame(null),
    );
  }, [gameSlug, services.api]);
  const onSubmit = () => {
    const address = email.validate();
    if (!address) return;
    const current = services.flow.get();
    const kept = inGameFlow && current.flow ? current : null;
    services.flow.start(kept?.flow ?? 'registration', 'registration_init', {
      ...kept?.data,
      ...defaults,
      ...(game ? { credentials: game.credentials, ...(game.ageButtons ? { ageButtons: game.ageButtons } : {}) } : {}),
      email: address,
    });
    void continueFlow(services);
  };
  return (
    <Page title={t('screen.sign-up.title')}>
      {game ? <GameWelcome game={game.config} /> : null}
      <p className="lead-text">{t('signUp.intro')}</p>
      <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), onSubmit())}>
        {email.field}
        <button type="submit" className="button">
          {t('form.continue')}
        </button>
      </form>
      <p className="form-links">
        {t('signUp.haveAccount')} <Link to={href('sign-in')}>{t('home.signIn')}</Link>
      </p>
    </Page>
  );
}

export function AgeAndLocation() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const navigate = useNavigate();
  const prefill = useFlow().data;
  const [dob, setDob] = useState(prefill.dob ? formatCalendarDate(prefill.dob, i18n.language) : '');
  const [country, setCountry] = useState(prefill.country ?? 'US');
  const [territory, setTerritory] = useState(prefill.territory ?? '');
  const [dobError, setDobError] = useState<string | null>(null);
  const brackets = useMemo(() => ageBrackets(prefill.ageButtons), [prefill.ageButtons]);
  const [bracket, setBracket] = useState<number | null>(null);
  useEffect(() => {
    if (prefill.country) return;
    void services.api.call(getLocation).then(
      (location) => {
        setCountry(location.country);
        setTerritory(location.territory ?? '');
      },
      () => undefined,
    );
  }, [services.api, prefill.country]);
  const submit = useSubmit(async () => {
    const dateOfBirth = brackets ? null : parseCalendarDate(dob, i18n.language);
    if (brackets && bracket === null) return setDobError(t('signUp.ageRequired'));
    if (!brackets && !dateOfBirth)
      return setDobError(t('form.dateInvalid', { format: datePlaceholder(i18n.language) }));
    setDobError(null);
    const ageData = dateOfBirth ? { date_of_birth: dateOfBirth } : { age: bracket ?? 0 };
    const location = { country, territory: country === 'US' && territory ? territory : null };
    try {
      const answer = await services.api.call(checkAgeCategory, {
        body: { age_data: ageData, location_data: location },
      });
      if (answer.age_gated) {
        ageGate.set(true);
        services.analytics.ageGatePreLaunch();
        services.flow.setStep('age_gate_error');
        return continueFlow(services);
      }
    } catch (error) {
      if (error instanceof ApiError && error.is('embargoed_country'))
        return navigate(href('embargoed-country'), { replace: true });
      throw error;
    }
    services.flow.setStep('age_and_location', {
      ...(dateOfBirth ? { dob: dateOfBirth } : { age: String(bracket) }),
      country,
      territory: location.territory ?? '',
    });
    await continueFlow(services);
  });
  return (
    <Page title={t('screen.age-and-location.title')}>
      <p className="lead-text">{t('signUp.ageIntro')}</p>
      <SubmitForm submit={submit} label={t('form.continue')}>
        {brackets ? (
          <fieldset className="field age-buttons" aria-describedby={dobError ? 'age-error' : undefined}>
            <legend>{t('signUp.ageQuestion')}</legend>
            {brackets.map((b) => (
              <label key={b.age} className="age-button">
                <input type="radio" name="age" checked={bracket === b.age} onChange={() => setBracket(b.age)} />
                {b.to === null
                  ? t('signUp.ageOver', { age: b.from })
                  : b.from === null
                    ? t('signUp.ageUnder', { age: b.to + 1 })
                    : t('signUp.ageRange', { from: b.from, to: b.to })}
              </label>
            ))}
            {dobError ? (
              <p id="age-error" className="field-error">
                {dobError}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <TextField
            label={t('form.dateOfBirth')}
            hint={t('form.dateHint', { format: datePlaceholder(i18n.language) })}
            inputMode="numeric"
            autoComplete="bday"
            placeholder={datePlaceholder(i18n.language)}
            required
            value={dob}
            onChange={(e) => setDob(e.target.value)}
            error={dobError}
          />
        )}
        <LocationFields country={country} territory={territory} onCountry={setCountry} onTerritory={setTerritory} />
      </SubmitForm>
    </Page>
  );
}

function useRegistrationBody() {
  const { i18n } = useTranslation();
  const { data } = useFlow();
  return (extra: { email_code?: string; password?: string }, marketing: boolean) => ({
    email: data.email ?? '',
    ...(data.dob ? { date_of_birth: data.dob } : { age: Number(data.age ?? 0) }),
    country: data.country ?? 'US',
    territory: data.territory ? data.territory : null,
    locale: i18n.language,
    marketing_opt_in: marketing,
    tos_consent: true as const,
    ...extra,
  });
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
  const services = useServices();
  const body = useRegistrationBody();
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
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
      services.session.setAccount(account);
      const passwordless = services.flow.get().data.deviceAuthType === 'passwordless';
      services.flow.setStep(passwordless ? 'remediation_completed' : 'account_created');
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
    signedIn(services, answer);
    services.flow.setStep('account_created');
    await continueFlow(services);
  };
  return { create, consent: { terms, setTerms, marketing, setMarketing, termsError }, captcha: captcha.field };
}

export function EmailRegistration() {
  const { t } = useTranslation();
  const services = useServices();
  const { data } = useFlow();
  const [code, setCode] = useState('');
  const sent = useRef(false);
  const { create, consent, captcha } = useCreateAccount();
  const send = useSubmit(async () => {
    await services.api.call(sendRegistrationEmail, { body: { email: data.email ?? '' } });
  });
  useEffect(() => {
    if (sent.current || !data.email) return;
    sent.current = true;
    void send.run();
  }, [data.email, send]);
  const submit = useSubmit(() => create({ email_code: code.trim() }));
  return (
    <Page title={t('screen.email-registration.title')}>
      <p className="lead-text">{t('signUp.codeSent', { email: data.email ?? '' })}</p>
      <form className="form" onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        <CodeField value={code} onChange={setCode} />
        <ConsentFields {...consent} />
        {captcha}
        <FormError error={submit.error ?? send.error} />
        <button type="submit" className="button" disabled={submit.pending || code.length !== 6}>
          {t('signUp.create')}
        </button>
      </form>
      <div className="form-links">
        <button type="button" className="link-button link" onClick={() => void send.run()} disabled={send.pending}>
          {t('signIn.resend')}
        </button>
        <Link to={href('create-password')}>{t('signUp.usePassword')}</Link>
      </div>
    </Page>
  );
}

export function CreatePassword() {
  const { t } = useTranslation();
  const newPassword = useNewPasswordFields();
  const { create, consent, captcha } = useCreateAccount();
  const submit = useSubmit(async () => {
    const password = newPassword.validate();
    if (!password) return;
    await create({ password });
  });
  return (
    <Page title={t('screen.create-password.title')}>
      <p className="lead-text">{t('form.passwordRules')}</p>
      <SubmitForm submit={submit} label={t('signUp.create')}>
        {newPassword.fields}
        <ConsentFields {...consent} />
        {captcha}
      </SubmitForm>
    </Page>
  );
}
