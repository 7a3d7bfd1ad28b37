// The shell's new-version modal (spec 000 §1): a screen's code could not load, reload the page.
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
