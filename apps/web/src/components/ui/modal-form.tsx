// A modal holding one form: its fields, the call's error, a submit and a cancel button. Enter in a
// field submits; the buttons live in the modal's action row but belong to the form.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n/messages.ts';
import { FormError } from './form-error.tsx';
import { Modal } from './modal.tsx';

export function ModalForm({
  title,
  submit,
  submitLabel,
  onClose,
  danger = false,
  children,
}: {
  title: string;
  submit: { run: () => Promise<void>; pending: boolean; error: unknown };
  submitLabel: string;
  onClose: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('form.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={danger ? 'button button-danger' : 'button'}
            disabled={submit.pending}
          >
            {submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(e) => (e.preventDefault(), void submit.run())}>
        {children}
        <FormError error={submit.error} />
      </form>
    </Modal>
  );
}
