// /select-country (spec 000 §2): where a player registering picks the country or region they live
// in, and in the US their state or territory. The list is searched by name in the language shown;
// the choice goes back to /age-and-location in the `location` query (location-query.ts).
import { useId, useMemo, useState } from 'react';
import { TerritoryField } from '../../components/ui/location-fields.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useStepFocus } from '../../components/ui/step-focus.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link, useLocation, useNavigate } from '../../lib/router/router.tsx';
import { href } from '../../lib/router/route-table.ts';
import { LOCATION_PARAM, locationFromQuery, locationQuery, searchCountries } from './location-query.ts';
import './select-country.css';

export function SelectCountry() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const current = useMemo(() => locationFromQuery(search), [search]);
  const [query, setQuery] = useState('');
  const [country, setCountry] = useState(current?.country ?? '');
  const [territory, setTerritory] = useState(current?.territory ?? '');
  const [missing, setMissing] = useState(false);
  const countries = useMemo(() => searchCountries(i18n.language, query), [i18n.language, query]);
  const ids = { search: useId(), status: useId(), error: useId() };
  useStepFocus('select-country');
  const back = (place: { country: string; territory: string } | null) =>
    href(
      'age-and-location',
      place ? { query: { [LOCATION_PARAM]: locationQuery(place.country, place.territory) } } : {},
    );
  const choose = (code: string) => {
    setCountry(code);
    setMissing(false);
    if (code !== 'US') setTerritory('');
  };
  const onSubmit = () => {
    if (!country) return setMissing(true);
    navigate(back({ country, territory }), { replace: true });
  };
  return (
    <Page title={t('screen.select-country.title')}>
      <p className="lead-text">{t('selectCountry.intro')}</p>
      <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), onSubmit())}>
        <div className="field">
          <label htmlFor={ids.search}>{t('selectCountry.search')}</label>
          <input
            id={ids.search}
            type="search"
            value={query}
            autoComplete="off"
            aria-describedby={ids.status}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <p id={ids.status} role="status" className="field-hint">
          {countries.length === 0
            ? t('selectCountry.noMatch', { query: query.trim() })
            : t('selectCountry.matches', { count: countries.length })}
        </p>
        <fieldset className="country-list" aria-describedby={missing ? ids.error : undefined}>
          <legend className="visually-hidden">{t('form.country')}</legend>
          {countries.map((c) => (
            <label key={c.code} className="country-option">
              <input
                type="radio"
                name="country"
                value={c.code}
                checked={country === c.code}
                onChange={() => choose(c.code)}
              />
              <span lang={i18n.language}>{c.name}</span>
            </label>
          ))}
        </fieldset>
        {missing ? (
          <p id={ids.error} className="field-error">
            {t('selectCountry.required')}
          </p>
        ) : null}
        {country === 'US' ? <TerritoryField value={territory} onChange={setTerritory} /> : null}
        <div className="actions">
          <button type="submit" className="button">
            {t('selectCountry.choose')}
          </button>
          <Link className="button button-secondary" to={back(current)}>
            {t('form.cancel')}
          </Link>
        </div>
      </form>
    </Page>
  );
}
