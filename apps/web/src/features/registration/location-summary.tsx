// The player's location on /age-and-location (spec 000 §2: "The current location is shown, and age,
// date of birth or location can be updated"): the place, and a link to /select-country to change it.
// A date of birth typed before leaving is kept for the return (in the flow).
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Link } from '../../lib/router/router.tsx';
import { href } from '../../lib/router/route-table.ts';
import { LOCATION_PARAM, locationQuery, placeName } from './location-query.ts';
import './select-country.css';

export function LocationSummary(props: { country: string; territory: string; onLeave?: () => void }) {
  const { t, i18n } = useTranslation();
  const query = { [LOCATION_PARAM]: locationQuery(props.country, props.territory) };
  return (
    <fieldset className="field location-current">
      <legend>{t('signUp.location')}</legend>
      <span>{placeName(i18n.language, props.country, props.territory)}</span>
      <Link to={href('select-country', { query })} onClick={props.onLeave}>
        {t('signUp.locationChange')}
      </Link>
    </fieldset>
  );
}
