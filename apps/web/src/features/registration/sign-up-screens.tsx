// Creating an account (spec 000 §4 "Registration steps"): email, age and location, then the emailed
// code or a password (credential-steps.tsx), then the display name.
import { checkAgeCategory, getLocation } from '@portal/contract/calls/accounts';
import { useEffect, useMemo, useState } from 'react';
import { continueFlow } from '../../flows/continue-flow.ts';
import { useFlow, useFlowServices } from '../../flows/flow-services.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { SubmitForm } from '../../components/ui/form-error.tsx';
import { LocationSummary } from './location-summary.tsx';
import { locationFromQuery } from './location-query.ts';
import { Page } from '../../components/ui/page.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { ageGate } from '../../flows/flow-store.ts';
import { datePlaceholder, formatCalendarDate, parseCalendarDate } from '../../lib/dates.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { useEmailField } from '../../components/ui/email-field.tsx';
import { ageBrackets, bracketOfAge } from './age-brackets.ts';
import { GameWelcome, useAuthGame, useAuthGameSlug } from '../../flows/auth-game.tsx';
import { fetchGameConfig } from '../../flows/game-config-query.ts';
import { useDeferredQuery } from '../../lib/query/use-deferred-query.ts';
import { gameFacts, registrationPrefill } from '../../flows/game-flow.ts';
import { gameOf, signUpOf } from '../../flows/flow-facts.ts';
import type { SignUpPrefill } from '../../flows/flow-events.ts';
import { keepRedirectUrl } from '../../lib/router/redirect-url.ts';
import { href } from '../../lib/router/route-table.ts';

/**
 * registration_defaults, the game (`entry`) and a referral (`ref`) from the query of a game's
 * sign-up link: `dob`, `age`, `location` prefill age and location.
 */
function signUpLink(search: string): { prefill: SignUpPrefill; gameSlug: string | null } {
  const query = new URLSearchParams(search);
  const age = Number(query.get('age') ?? '');
  const ref = query.get('ref');
  const entry = query.get('entry');
  return {
    prefill: {
      ...registrationPrefill({
        dob: query.get('dob'),
        age: query.get('age') !== null && Number.isInteger(age) ? age : null,
        location: query.get('location'),
      }),
      ...(ref && /^[A-Za-z0-9_-]{1,64}$/.test(ref) ? { ref } : {}),
    },
    gameSlug: entry && /^[a-z0-9][a-z0-9_-]{0,63}$/.test(entry) ? entry : null,
  };
}

export function SignUp() {
  const { t } = useTranslation();
  const services = useFlowServices();
  const { search } = useLocation();
  const link = useMemo(() => signUpLink(search), [search]);
  useEffect(() => keepRedirectUrl(search, services.session), [search, services.session]);
  const email = useEmailField();
  // A game signing the player in (OAuth or device flow) keeps its flow and shows its welcome here too.
  // The game the link names, else the game flow's under way.
  const gameSlug = useAuthGameSlug(link.gameSlug);
  const game = useAuthGame(link.gameSlug);
  const submit = useSubmit(async () => {
    const address = email.validate();
    if (!address) return;
    // Continue pressed while the game's config is still on its way: its rules (age brackets, the way
    // back to the game) are waited for, not lost for the rest of the sign-up.
    const config = game === undefined && gameSlug ? await fetchGameConfig(services.api, gameSlug) : (game ?? null);
    // A game's flow under way goes on; the same address again keeps the code mailed to it (issue 28).
    services.flow.send({
      type: 'signUpStarted',
      email: address,
      game: config ? gameFacts(config) : null,
      prefill: link.prefill,
    });
    await continueFlow(services);
  });
  return (
    <Page title={t('screen.sign-up.title')}>
      {game ? <GameWelcome game={game} /> : null}
      <p className="lead-text">{t('signUp.intro')}</p>
      <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        {email.field}
        <button type="submit" className="button" disabled={submit.pending} aria-busy={submit.pending}>
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
  const services = useFlowServices();
  const navigate = useNavigate();
  const flow = useFlow();
  const prefill = signUpOf(flow);
  // A place chosen on /select-country comes back in the `location` query (location-query.ts).
  const { search } = useLocation();
  const chosen = useMemo(() => locationFromQuery(search), [search]);
  const [dob, setDob] = useState(
    prefill.dobTyped ?? (prefill.dob ? formatCalendarDate(prefill.dob, i18n.language) : ''),
  );
  const [country, setCountry] = useState(chosen?.country ?? prefill.country ?? 'US');
  const [territory, setTerritory] = useState(chosen?.territory ?? prefill.territory ?? '');
  const [dobError, setDobError] = useState<string | null>(null);
  const ageButtons = gameOf(flow)?.ageButtons?.join(',');
  const brackets = useMemo(() => ageBrackets(ageButtons), [ageButtons]);
  // An age given beforehand (registration_defaults, a link's `age`) chooses its bracket.
  const [bracket, setBracket] = useState<number | null>(() => bracketOfAge(brackets, prefill.age));
  // Where the visitor seems to be, unless a place was given or chosen (no answer: the fields stay).
  const located = useDeferredQuery({
    queryKey: ['location'],
    queryFn: () => services.api.call(getLocation),
    enabled: !chosen && !prefill.country,
    retry: false,
    staleTime: Infinity,
  }).data;
  useEffect(() => {
    if (!located) return;
    setCountry(located.country);
    setTerritory(located.territory ?? '');
  }, [located]);
  const submit = useSubmit(async () => {
    const dateOfBirth = brackets ? null : parseCalendarDate(dob, i18n.language);
    if (brackets && bracket === null) return setDobError(t('signUp.ageRequired'));
    // A date to come is no date of birth: said on the field, before the server is asked.
    const future = dateOfBirth !== null && dateOfBirth > new Date().toISOString().slice(0, 10);
    if (!brackets && (!dateOfBirth || future))
      return setDobError(t('form.dateInvalid', { format: datePlaceholder(i18n.language) }));
    setDobError(null);
    services.flow.send({ type: 'signUpChanged', patch: { dobTyped: null } });
    const ageData = dateOfBirth ? { date_of_birth: dateOfBirth } : { age: bracket ?? 0 };
    const location = { country, territory: country === 'US' && territory ? territory : null };
    try {
      const answer = await services.api.call(checkAgeCategory, {
        body: { age_data: ageData, location_data: location },
      });
      if (answer.age_gated) {
        ageGate.set(true);
        services.analytics.ageGatePreLaunch();
        services.flow.send({ type: 'ageGated' });
        return continueFlow(services);
      }
    } catch (error) {
      if (error instanceof ApiError && error.is('embargoed_country'))
        return navigate(href('embargoed-country'), { replace: true });
      throw error;
    }
    services.flow.send({
      type: 'ageAndLocationGiven',
      age: {
        dob: dateOfBirth ?? null,
        age: dateOfBirth ? null : bracket,
        country,
        territory: location.territory,
      },
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
        <LocationSummary
          country={country}
          territory={territory}
          onLeave={() => services.flow.send({ type: 'signUpChanged', patch: { dobTyped: dob.slice(0, 32) || null } })}
        />
      </SubmitForm>
    </Page>
  );
}
