// The preferences of a registration: the internet speed band (when the playtest checks the speed:
// spec 000 §9 bands) and the platforms the player plays on (the playtest's choices, by their names),
// with the playtest's platform survey text when it has one.
import type { Beta } from '@portal/contract/calls/entities';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { resolved } from './beta-texts.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { PLATFORM_NAME, SPEED_BANDS, SPEED_TEXT, inPlatformOrder } from './platform-text.ts';
import { toggled } from './preference-values.ts';
import type { PreferenceProblems, PreferenceValues } from './preference-values.ts';

export function PreferenceFields({
  beta,
  values,
  onChange,
  problems,
}: {
  beta: Beta;
  values: PreferenceValues;
  onChange: (values: PreferenceValues) => void;
  problems: PreferenceProblems;
}) {
  const { t, i18n } = useTranslation();
  const survey = beta.platform_survey ? resolved(beta.platform_survey_msg, i18n.language) : null;
  return (
    <>
      {beta.speed_check ? (
        <ChoiceGroup
          type="radio"
          legend={t('playtests.speedLegend')}
          hint={t('playtests.speedHint')}
          error={problems.speed ? t(problems.speed) : null}
          choices={SPEED_BANDS.map((band) => ({ value: band, label: t(SPEED_TEXT[band]) }))}
          selected={values.speed ? [values.speed] : []}
          onChange={(speed) => onChange({ ...values, speed })}
        />
      ) : null}
      <ChoiceGroup
        type="checkbox"
        legend={t('playtests.platformsLegend')}
        hint={survey ?? t('playtests.platformsHint')}
        error={problems.platforms ? t(problems.platforms) : null}
        choices={inPlatformOrder(beta.platform_choices).map((platform) => ({
          value: platform,
          label: t(PLATFORM_NAME[platform]),
        }))}
        selected={values.platforms}
        onChange={(platform, on) => onChange({ ...values, platforms: toggled(values.platforms, platform, on) })}
      />
    </>
  );
}
