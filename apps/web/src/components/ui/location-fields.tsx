// Country (localized names, sorted in the user's language) and, in the US, the state or territory.
import { COUNTRIES } from '@portal/contract/data/countries';
import { US_SUBDIVISIONS } from '@portal/contract/data/us-states';
import { useId, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';

/** Every country, named in `locale` and sorted by that name. */
export function countriesByName(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRIES.map((c) => ({ code: c.code, name: names.of(c.code) ?? c.code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

/** The US state or territory (shown only for the US). */
export function TerritoryField(props: { value: string; onChange: (territory: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('form.territory')}</label>
      <select id={id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{t('form.territoryNone')}</option>
        {US_SUBDIVISIONS.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function LocationFields(props: {
  country: string;
  territory: string;
  onCountry: (country: string) => void;
  onTerritory: (territory: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const countryId = useId();
  const countries = useMemo(() => countriesByName(i18n.language), [i18n.language]);
  return (
    <>
      <div className="field">
        <label htmlFor={countryId}>{t('form.country')}</label>
        <select
          id={countryId}
          value={props.country}
          onChange={(e) => props.onCountry(e.target.value)}
          autoComplete="country"
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {props.country === 'US' ? <TerritoryField value={props.territory} onChange={props.onTerritory} /> : null}
    </>
  );
}
