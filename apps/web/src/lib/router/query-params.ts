// The query parameters of spec 000 §2 that open or show something on a screen (ADR 005 "Query
// parameters the app reads"). A value that does not have the expected shape is ignored: it never
// raises an error, and nothing here makes a path (navigations use href()).

/** A switch: present with no value, `1` or `true` (any case). `?password=no` is off. */
export function queryFlag(search: string, name: string): boolean {
  const value = new URLSearchParams(search).get(name);
  return value !== null && ['', '1', 'true'].includes(value.trim().toLowerCase());
}

/** An identifier (letters, digits, `-`, `_`, at most 64), or null when absent or of another shape. */
export function queryId(search: string, name: string): string | null {
  const value = new URLSearchParams(search).get(name)?.trim() ?? '';
  return /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(value) ? value : null;
}

/** A comma-separated list of the allowed words (any case); others are dropped. */
export function queryWords<const W extends string>(search: string, name: string, allowed: readonly W[]): Set<W> {
  const words = (new URLSearchParams(search).get(name) ?? '').toLowerCase().split(',');
  return new Set(allowed.filter((word) => words.includes(word)));
}
