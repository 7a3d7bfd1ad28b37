// "Your account has been created!": keep or change the display name, then continue. The name picked
// here is the account's first change, which is free (issue 28): the account page can change it again.
import { generateUsername } from '@portal/contract/calls/accounts';
import { updateUsername } from '@portal/contract/calls/accounts-me';
import { continueFlow } from '../../flows/continue-flow.ts';
import { useServices, useSession } from '../../lib/services.tsx';
import { useDisplayNameField } from '../../components/account/display-name-field.tsx';
import { FormError } from '../../components/ui/form-error.tsx';
import { Page } from '../../components/ui/page.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';

export function DisplayName() {
  const { t } = useTranslation();
  const services = useServices();
  const current = useSession().account?.username ?? '';
  const field = useDisplayNameField(current, 'username');
  const finish = async () => {
    services.flow.setStep('success_account_creation');
    await continueFlow(services);
  };
  const generate = useSubmit(async () => {
    field.setName((await services.api.call(generateUsername)).username);
  });
  const submit = useSubmit(async () => {
    const name = field.validate();
    if (name === null) return;
    if (name !== current) {
      try {
        services.session.setAccount(await services.api.call(updateUsername, { body: { username: name } }));
      } catch (error) {
        if (field.showRefusal(error)) return;
        throw error;
      }
    }
    await finish();
  });
  return (
    <Page title={t('screen.display-name.title')}>
      <p className="lead-text">{t('signUp.nameIntro')}</p>
      <form className="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        {field.field}
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
