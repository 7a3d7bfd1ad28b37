// The shell's reload modals (spec 000 §1): the new-version modal (a screen's code could not load
// after a deployment) and the reload-on-error modal (the app hit an error a reload fixes). Neither
// can be dismissed: the page behind cannot go on, the Reload button is the way out.
import { useTranslation } from '../../lib/i18n/messages.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { useReloadReason } from './reload-prompt.ts';
import type { ReloadReason } from './reload-prompt.ts';

export function ReloadModal({ reason }: { reason: ReloadReason }) {
  const { t } = useTranslation();
  const newVersion = reason === 'new-version';
  return (
    <Modal
      open
      dismissible={false}
      title={newVersion ? t('modal.newVersion.title') : t('modal.reloadOnError.title')}
      actions={
        <button type="button" className="button" onClick={() => window.location.reload()}>
          {t('modal.newVersion.reload')}
        </button>
      }
    >
      <p>{newVersion ? t('modal.newVersion.body') : t('modal.reloadOnError.body')}</p>
    </Modal>
  );
}

export function NewVersionModal() {
  return <ReloadModal reason="new-version" />;
}

/** The reload prompt of the whole app, when something asked for one (reload-prompt.ts). */
export function ReloadPrompt() {
  const reason = useReloadReason();
  return reason ? <ReloadModal reason={reason} /> : null;
}
