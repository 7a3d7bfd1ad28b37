// "Your Account Has Been Created!": keep or change the display name, then continue.
import { generateUsername } from '@portal/contract/calls/accounts';
import { updateUsername } from '@portal/contract/calls/accounts-me';
import { useState } from 'react';
import { continueFlow } from '../../app/flows/continue-flow.ts';
import { useServices, useSession } from '../../lib/services.tsx';
import { TextField } from '../../components/ui/field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { hasDisplayNameCharacters } from '../../lib/display-name.ts';

export function DisplayName() {
  const { t } = useTranslation();
  const services = useServices();
  const current = useSession().account?.username ?? '';
  const [name, setName] = useState(current);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const finish = async () => {
    services.flow.setStep('success_account_creation');
    await continueFlow(services);
  };
  const generate = useSubmit(async () => {
    setName((await services.api.call(generateUsername)).username);
  });
  const submit = useSubmit(async () => {
    if (!hasDisplayNameCharacters(name)) return setFieldError(t('form.usernameCharacters'));
    setFieldError(null);
    if (name !== current)
      services.session.setAccount(await services.api.call(updateUsername, { body: { username: name } }));
    await finish();
  });
  return (
    <Page title={t('screen.display-name.title')}>
      <p className="lead-text">{t('signUp.nameIntro')}</p>
      <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        <TextField
          label={t('form.displayName')}
          hint={t('form.usernameHint')}
          autoComplete="username"
          required
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={fieldError}
        />
        <FormError error={submit.error ?? generate.error} />
        <div className="actions">
          <button type="submit" className="button" disabled={submit.pending}>
            {t('signUp.updateAndContinue')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void generate.run()}
            disabled={generate.pending}
          >
            {t('signUp.generate')}
          </button>
        </div>
      </form>
    </Page>
  );
}
