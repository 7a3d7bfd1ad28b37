// "Preferences" (PUT /betas/me/register/{id}): the speed band and platforms of a registration, while
// they can change. The playtest's version goes with them: a playtest changed since the page read it
// answers 1141 (out of date), and is read again so the next save uses what it is now.
import { updateRegistration } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { useEffect, useRef, useState } from 'react';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { resolved } from './beta-texts.ts';
import { focusFirstProblem } from './choice-group.tsx';
import { PreferenceFields } from './preference-fields.tsx';
import { hasProblems, initialPreferences, preferenceProblems, preferencesBody } from './preference-values.ts';
import type { PreferenceProblems } from './preference-values.ts';

export function PreferencesModal({
  beta,
  onClose,
  onSaved,
  onStale,
}: {
  beta: Beta;
  onClose: () => void;
  onSaved: (beta: Beta) => void;
  /** The playtest changed meanwhile: read it again. */
  onStale: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [values, setValues] = useState(() => initialPreferences(beta));
  const [problems, setProblems] = useState<PreferenceProblems>({});
  const [attempt, setAttempt] = useState(0);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (attempt > 0) focusFirstProblem(body.current?.closest('form') ?? null);
  }, [attempt]);
  const submit = useSubmit(async () => {
    const found = preferenceProblems(beta, values);
    setProblems(found);
    if (hasProblems(found)) return setAttempt((n) => n + 1);
    try {
      onSaved(await api.call(updateRegistration, { params: { id: beta.id }, body: preferencesBody(beta, values) }));
    } catch (error) {
      if (error instanceof ApiError && error.is('beta_registration_stale')) onStale();
      throw error;
    }
  });
  return (
    <ModalForm
      title={t('playtests.preferencesFor', { title: resolved(beta.title, i18n.language) ?? '' })}
      submit={submit}
      submitLabel={t('playtests.save')}
      onClose={onClose}
    >
      <div ref={body} className="playtest-fields">
        <PreferenceFields beta={beta} values={values} onChange={setValues} problems={problems} />
      </div>
    </ModalForm>
  );
}
