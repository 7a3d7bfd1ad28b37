// Reading a platform's JSON answers, whose shapes an operator names by dotted paths
// (`subject_field`, `username_field`).

/** A dotted path into a JSON value: `data.user.id`. */
export function pick(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A non-empty string, or a finite number as a string (platforms give ids as either); null otherwise. */
export function text(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}
