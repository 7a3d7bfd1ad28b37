// A group of radio buttons or checkboxes under its legend, with a hint and an error tied to the
// group for assistive tech (the error follows the legend, so it is read on entering the group).
import { useId } from 'react';
import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
}

export function ChoiceGroup<T extends string>({
  type,
  legend,
  hint,
  error,
  choices,
  selected,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  legend: string;
  hint?: string | null;
  error?: string | null;
  choices: readonly Choice<T>[];
  selected: readonly T[];
  onChange: (value: T, checked: boolean) => void;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className="choice-group"
      aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      data-invalid={error ? true : undefined}
    >
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      <div className="choice-options">
        {choices.map((choice) => (
          <label key={choice.value} className="choice">
            <input
              type={type}
              name={id}
              value={choice.value}
              checked={selected.includes(choice.value)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => onChange(choice.value, event.target.checked)}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Moves the focus to the first field with an error of a form (after a refused submit). */
export function focusFirstProblem(form: HTMLFormElement | null) {
  const field = form?.querySelector<HTMLInputElement>('input[aria-invalid="true"]');
  field?.focus();
}
