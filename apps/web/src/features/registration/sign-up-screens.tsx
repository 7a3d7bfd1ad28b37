// Creating an account (spec 000 §4 "Registration steps"): email, age and location, then the emailed
// code or a password (credential-steps.tsx), then the display name.
import { checkAgeCategory, getLocation } from '@portal/contract/calls/accounts';
import { useEffect, useMemo, useState } from 'react';
import { continueFlow } from '../../flows/continue-flow.ts';
import { useFlow, useServices } from '../../lib/services.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SubmitForm } from '../../components/ui/form-error.tsx';
import { LocationFields } from '../../components/ui/location-fields.tsx';
import { Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { ageGate } from '../../flows/flow-store.ts';
import { datePlaceholder, formatCalendarDate, parseCalendarDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { getGame } from '@portal/contract/calls/games';
import { useSubmit } from '../../lib/use-submit.ts';
import { useEmailField } from '../../components/ui/email-field.tsx';
import { ageBrackets } from './age-brackets.ts';
import { GameWelcome } from '../../flows/auth-game.tsx';
import { GAME_KEYS, gameFlowInProgress } from '../../flows/game-flow.ts';
import type { GameConfig } from '@portal/contract/calls/games';
import { href } from '../../lib/router/route-table.ts';
import { codeSentKept } from './registration-code.ts';

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
      // The same address again (Back to this page): the code mailed to it stands (issue 28).
      ...codeSentKept(current.data, address),
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
