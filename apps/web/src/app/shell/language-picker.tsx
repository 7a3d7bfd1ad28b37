// Language picker: the 19 locales grouped by region, each in its own name.
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { localesInRegionGroup, REGION_GROUPS } from '@portal/contract/data/locales';
import type { LocaleTag } from '@portal/contract/data/locales';
import { changeLocale } from '../../lib/i18n/locale.ts';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('shell.language')}
      </label>
      <select id={id} value={i18n.language} onChange={(event) => void changeLocale(event.target.value as LocaleTag)}>
        {REGION_GROUPS.map((group) => (
          <optgroup key={group.id} label={t(group.headingKey)}>
            {localesInRegionGroup(group.id).map((locale) => (
              <option key={locale.tag} value={locale.tag} lang={locale.tag}>
                {locale.nativeName}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
