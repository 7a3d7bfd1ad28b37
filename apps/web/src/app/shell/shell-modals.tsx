// The shell's modals (spec 000 §1): confirmation, reload-on-error, new-version reload.
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Modal } from '../../components/ui/modal.tsx';

export function NewVersionModal() {
  const { t } = useTranslation();
  return (
    <Modal
      open
      dismissible={false}
      title={t('modal.newVersion.title')}
      actions={
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('modal.newVersion.reload')}
        </button>
      }
    >
      <p>{t('modal.newVersion.body')}</p>
    </Modal>
  );
}

export function ReloadOnErrorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('modal.reloadOnError.title')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('modal.close')}
          </button>
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('modal.reloadOnError.reload')}
          </button>
        </>
      }
    >
      <p>{t('modal.reloadOnError.body')}</p>
    </Modal>
  );
}

export function ConfirmationModal(props: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={props.open}
      title={props.title}
      onClose={props.onCancel}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={props.onCancel}>
            {t('modal.cancel')}
          </button>
          <button type="button" className="button" onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <p>{props.body}</p>
    </Modal>
  );
}
