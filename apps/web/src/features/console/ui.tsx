// The console's small pieces: labelled fields with the server's field error, alerts and statuses.
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import type { ConsoleError } from './api.ts';

interface FieldProps {
  label: string;
  name: string;
  /** The server's name of the field (`body.why`), for its error. */
  path?: string;
  error?: ConsoleError | null;
  hint?: string;
  children: (props: { id: string; name: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

export function Field({ label, name, path, error, hint, children }: FieldProps) {
  const id = useId();
  const message = path ? error?.fieldMessage(path) : undefined;
  const described = [hint ? `${id}-hint` : null, message ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="console-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        name,
        ...(message ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {message ? (
        <p className="console-field-error" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A refusal that names no field of the form (or a field the form has not): its message. In a form,
 * the refusal takes the focus: the first field it marked, else the alert itself, so the keyboard
 * and a screen reader go where the problem is. `message` words a refusal the page knows better.
 */
export function ErrorAlert({
  error,
  fields = [],
  message,
}: {
  error: ConsoleError | null | undefined;
  fields?: string[];
  message?: string | undefined;
}) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = alert.current?.closest('form');
    if (!error || !alert.current || !form) return;
    const marked = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    (marked ?? alert.current).focus();
  }, [error]);
  if (!error) return null;
  const own = error.issues.filter((issue) => !fields.includes(issue.path));
  if (error.issues.length > 0 && own.length === 0) {
    return (
      <div role="alert" className="console-alert" ref={alert} tabIndex={-1}>
        <p>Some fields need a change: see below each.</p>
      </div>
    );
  }
  return (
    <div role="alert" className="console-alert" ref={alert} tabIndex={-1}>
      <p>{message ?? error.message}</p>
      {own.length > 0 ? (
        <ul>
          {own.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>{issue.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Status({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="console-status">
      {children}
    </p>
  );
}

export function formatTime(date: Date | null | undefined): string {
  if (!date) return '—';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The reason every change asks for, kept in the operators' audit. */
export function WhyField({ error, name = 'why' }: { error: ConsoleError | null; name?: string }) {
  return (
    <Field label="Reason (kept in the audit)" name={name} path="body.why" error={error}>
      {(props) => <textarea {...props} required minLength={3} maxLength={500} rows={2} />}
    </Field>
  );
}
