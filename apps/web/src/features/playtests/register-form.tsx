// The registration form (POST /betas/me/register): the speed band and platforms, the licence text
// and the playtest terms. Field errors are the page's own, in the player's language, and the focus
// goes to the first. The playtest's version goes with the registration: one changed since the page
// read it answers 1141 ("Page is out of date"), shown with a Refresh that reads it again. With a code
// (from the campaign page), the code is redeemed right after registering.
import { redeem, register } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { useEffect, useRef, useState } from 'react';
import { CheckboxField } from '../../components/ui/field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { resolved } from './beta-texts.ts';
import { focusFirstProblem } from './choice-group.tsx';
import { PreferenceFields } from './preference-fields.tsx';
import { hasProblems, initialPreferences, preferenceProblems, preferencesBody } from './preference-values.ts';
import type { PreferenceProblems } from './preference-values.ts';

export interface Registration {
  beta: Beta;
  /** The code was redeemed too (it was given and the redemption succeeded). */
  redeemed: boolean;
  /** Why the given code could not be redeemed after registering. */
  redeemError: unknown;
  /** The code was not tried: codes cannot be redeemed yet (the redemption has not opened). */
  codeWaits: boolean;
}

export function RegisterForm({
  beta,
  code,
  onRegistered,
  onRefresh,
}: {
  beta: Beta;
  code: string | null;
  onRegistered: (registration: Registration) => void;
  /** Reads the playtest again (out of date, or closed meanwhile). */
  onRefresh: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const [values, setValues] = useState(() => initialPreferences(beta));
  const [accepted, setAccepted] = useState(false);
  const [problems, setProblems] = useState<PreferenceProblems>({});
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0) focusFirstProblem(form.current);
  }, [attempt]);

  const submit = useSubmit(async () => {
    const found = preferenceProblems(beta, values, accepted);
    setProblems(found);
    if (hasProblems(found)) return setAttempt((n) => n + 1);
    let registered: Beta;
    try {
      registered = await api.call(register, {
        body: { beta_id: beta.id, ...preferencesBody(beta, values), beta_tos: true },
      });
    } catch (error) {
      if (error instanceof ApiError && error.is('beta_registration_closed')) void onRefresh();
      throw error;
    }
    const none = { beta: registered, redeemed: false, redeemError: null, codeWaits: false };
    if (code === null) return onRegistered(none);
    if (!registered.redemption_open) return onRegistered({ ...none, codeWaits: true });
    try {
      const answer = await api.call(redeem, { body: { code, beta_tos: true } });
      onRegistered({ ...none, beta: answer, redeemed: true });
    } catch (error) {
      onRegistered({ ...none, redeemError: error });
    }
  });
  const refresh = useSubmit(async () => {
    await onRefresh();
    submit.setError(null);
  });
  const stale = submit.error instanceof ApiError && submit.error.is('beta_registration_stale');
  const license = resolved(beta.license_messaging_text, i18n.language);
  const agreement = resolved(beta.redemption_agreement, i18n.language);

  return (
    <form
      ref={form}
      className="form playtest-form"
      noValidate
      onSubmit={(e) => (e.preventDefault(), void submit.run())}
    >
      <PreferenceFields beta={beta} values={values} onChange={setValues} problems={problems} />
      {[
        { label: t('playtests.licenseLabel'), text: license },
        { label: t('playtests.termsLabel'), text: agreement },
      ].map(({ label, text }) =>
        text ? (
          <div key={label} className="playtest-terms" tabIndex={0} role="region" aria-label={label}>
            <p className="playtest-terms-label">{label}</p>
            {text}
          </div>
        ) : null,
      )}
      <CheckboxField
        label={t('playtests.termsAccept')}
        error={problems.terms && !accepted ? t(problems.terms) : null}
        checked={accepted}
        onChange={(e) => setAccepted(e.target.checked)}
      />
      <FormError error={submit.error} />
      {stale ? (
        <button
          type="button"
          className="button button-secondary"
          disabled={refresh.pending}
          onClick={() => void refresh.run()}
        >
          {t('playtests.refresh')}
        </button>
      ) : null}
      <button type="submit" className="button" disabled={submit.pending}>
        {code === null ? t('playtests.registerSubmit') : t('playtests.registerAndRedeem')}
      </button>
    </form>
  );
}
