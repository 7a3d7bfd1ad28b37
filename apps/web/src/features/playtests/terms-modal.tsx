// The playtest's terms changed since the player accepted them (record.beta_tos false): they read the
// agreement and accept it (PUT /betas/me/{code}/update_tos with the code they redeemed).
import { updateTos } from '@portal/contract/calls/betas';
import type { Beta } from '@portal/contract/calls/entities';
import { ModalForm } from '../../components/ui/modal-form.tsx';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';
import { useSubmit } from '../../lib/use-submit.ts';
import { resolved } from './beta-texts.ts';

export function TermsModal({
  beta,
  code,
  onClose,
  onAccepted,
}: {
  beta: Beta;
  code: string;
  onClose: () => void;
  onAccepted: (beta: Beta) => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const agreement =
    resolved(beta.redemption_agreement, i18n.language) ?? resolved(beta.license_messaging_text, i18n.language);
  const submit = useSubmit(async () => {
    onAccepted(await api.call(updateTos, { params: { code }, body: { beta_tos: true } }));
  });
  return (
    <ModalForm
      title={t('playtests.termsTitle', { title: resolved(beta.title, i18n.language) ?? '' })}
      submit={submit}
      submitLabel={t('playtests.termsAcceptButton')}
      onClose={onClose}
    >
      <p>{t('playtests.termsChanged')}</p>
      {agreement ? (
        <div className="playtest-terms" tabIndex={0} role="region" aria-label={t('playtests.termsLabel')}>
          {agreement}
        </div>
      ) : null}
    </ModalForm>
  );
}
