// The shared confirmation modal (spec 000 §1 "a confirmation modal"): a question as its title, the
// text that says what happens (which describes the dialog for assistive tech), Cancel and the
// action. Cancel comes first and takes the focus, so Enter or a slip never confirms; the modal is a
// native <dialog>, so the page behind is inert, Escape cancels, and the focus returns to the button
// that opened it. The buttons follow the reading direction (right to left in Arabic). The action's
// call runs here: the confirm button waits while it runs, and its error shows in the modal.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { useSubmit } from '../../lib/use-submit.ts';
import { FormError } from './form-error.tsx';
import { Modal } from './modal.tsx';

export interface ConfirmModalProps {
  title: string;
  /** What confirming does, in the screen's own words. */
  children: ReactNode;
  confirmLabel: string;
  /** Default: "Cancel". */
  cancelLabel?: string;
  /** Something that cannot be undone (remove, block, leave): the confirm button says so by its colour. */
  destructive?: boolean;
  /** The action; the modal stays open with the error when it throws. */
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
}

export function ConfirmModal({
  title,
  children,
  confirmLabel,
  cancelLabel,
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const { t } = useTranslation();
  const textId = useId();
  const confirm = useSubmit(async () => {
    await onConfirm();
  });
  return (
    <Modal
      open
      title={title}
      describedBy={textId}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {cancelLabel ?? t('form.cancel')}
          </button>
          <button
            type="button"
            className={destructive ? 'button button-danger' : 'button'}
            disabled={confirm.pending}
            onClick={() => void confirm.run()}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div id={textId} className="stack">
        {children}
      </div>
      <FormError error={confirm.error} />
    </Modal>
  );
}
