// An answer kept in memory and given to many requests (the public settings, an account's view):
// frozen all the way down, so registerCall checks it against the response schema and encodes it
// once per format instead of on every request (ADR 016), and no handler can change it for the others.

/** Freezes `value` and everything it holds; answers it. */
export function freezeAnswer<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeAnswer(inner);
  }
  return value;
}
