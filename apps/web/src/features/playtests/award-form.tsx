// Asking for the platform key of a playtest (POST /betas/me/award): the player picks the platform
// (already picked when there is one), then "Get my key". The key then shows in the card.
import { award } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { useState } from 'react';
import { FormError } from '../../components/ui/form-error.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { ApiError } from '../../lib/api/api-error.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { PLATFORM_NAME } from './platform-text.ts';
import type { GamePlatform } from './platform-text.ts';
import { usePlaytestChanged } from './use-playtests.ts';

export function AwardForm({
  beta,
  platforms,
  onAwarded,
}: {
  beta: Beta;
  platforms: readonly GamePlatform[];
  onAwarded: (beta: Beta) => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const changed = usePlaytestChanged();
  const [platform, setPlatform] = useState<GamePlatform | null>(platforms.length === 1 ? (platforms[0] ?? null) : null);
  const [problem, setProblem] = useState(false);
  const submit = useSubmit(async () => {
    if (!platform) return setProblem(true);
    try {
      onAwarded(await api.call(award, { body: { beta_id: beta.id, platform } }));
    } catch (error) {
      // Awarded meanwhile (another tab, another device): reading the playtest again shows the key.
      if (error instanceof ApiError && error.is('beta_already_awarded')) void changed();
      throw error;
    }
  });
  return (
    <form className="playtest-award" noValidate onSubmit={(e) => (e.preventDefault(), void submit.run())}>
      <ChoiceGroup
        type="radio"
        legend={t('playtests.keyPlatformLegend')}
        hint={t('playtests.keyPlatformHint')}
        error={problem && !platform ? t('playtests.keyPlatformRequired') : null}
        choices={platforms.map((value) => ({ value, label: t(PLATFORM_NAME[value]) }))}
        selected={platform ? [platform] : []}
        onChange={(value) => setPlatform(value)}
      />
      <FormError error={submit.error} />
      <button type="submit" className="button" disabled={submit.pending}>
        {t('playtests.getKey')}
      </button>
    </form>
  );
}
