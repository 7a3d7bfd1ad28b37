// Disconnecting a platform (spec 000 §3 modal kinds: "disconnect restricted and non-restricted
// external account"): the player confirms what it means with a checkbox. A restricted platform (the
// server answers unlink_restricted) can be disconnected only by customer support: the modal then says
// so and links to support instead.
import type { Account } from '@portal/contract/calls/entities';
import { PLATFORM_CATALOGUE } from '@portal/contract/data/platforms';
import type { PlatformId } from '@portal/contract/data/platforms';
import { useState } from 'react';
import { ConfirmModal } from '../../components/ui/confirm-modal.tsx';
import { CheckboxField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api/api-error.ts';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useServices } from '../../lib/services.tsx';

export function DisconnectModal({
  platform,
  disconnect,
  onClose,
  onDone,
}: {
  platform: PlatformId;
  disconnect: () => Promise<Account>;
  onClose: () => void;
  onDone: (account: Account) => void;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const name = PLATFORM_CATALOGUE[platform].name;
  const [understood, setUnderstood] = useState(false);
  const [missing, setMissing] = useState<string | null>(null);
  const [restricted, setRestricted] = useState(false);
  const confirm = async () => {
    setMissing(understood ? null : t('linkedAccounts.disconnectConfirmRequired'));
    if (!understood) return;
    try {
      onDone(await disconnect());
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.is('unlink_restricted')) {
        setRestricted(true);
        return;
      }
      throw error;
    }
  };

  if (restricted) {
    const support = services.config.links.support;
    return (
      <Modal
        open
        title={t('linkedAccounts.restrictedTitle', { platform: name })}
        onClose={onClose}
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={onClose}>
              {t('linkedAccounts.close')}
            </button>
            {support ? (
              <a className="button" href={support} target="_blank" rel="noopener noreferrer">
                {t('footer.support')}
              </a>
            ) : null}
          </>
        }
      >
        <p>{t('linkedAccounts.restrictedBody', { platform: name })}</p>
      </Modal>
    );
  }

  return (
    <ConfirmModal
      title={t('linkedAccounts.disconnectTitle', { platform: name })}
      confirmLabel={t('linkedAccounts.disconnect')}
      destructive
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p>{t('linkedAccounts.disconnectBody', { platform: name })}</p>
      <CheckboxField
        label={t('linkedAccounts.disconnectConfirm', { platform: name })}
        checked={understood}
        onChange={(e) => setUnderstood(e.target.checked)}
        error={missing}
      />
    </ConfirmModal>
  );
}
