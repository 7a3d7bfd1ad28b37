// An accessible modal on the native <dialog>: focus moves in and is trapped by the browser, Escape
// closes it when dismissible, focus returns to where it was, and the heading labels it.
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

export interface ModalProps {
  open: boolean;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  /** Escape and the close action are allowed (default true). */
  dismissible?: boolean;
  onClose?: () => void;
  /** The id of the text that describes the modal (a confirmation's question). */
  describedBy?: string | undefined;
}

export function Modal({ open, title, children, actions, dismissible = true, onClose, describedBy }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        previous?.focus();
      };
    }
    return undefined;
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose?.();
      }}
    >
      <h2 id={titleId} className="modal-title">
        {title}
      </h2>
      <div className="modal-body">{children}</div>
      <div className="modal-actions">{actions}</div>
    </dialog>
  );
}
