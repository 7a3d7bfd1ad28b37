/** Age brackets from a game's registration_age ("13,18" → under 13, 13 to 17, 18 or older); `age` is what is sent. */
export function ageBrackets(
  list: string | undefined,
): { from: number | null; to: number | null; age: number }[] | null {
  const bounds = (list ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 1)
    .sort((a, b) => a - b);
  if (bounds.length === 0) return null;
  const first = bounds[0] as number;
  const brackets: { from: number | null; to: number | null; age: number }[] = [
    { from: null, to: first - 1, age: first - 1 },
  ];
  bounds.forEach((from, i) => {
    const next = bounds[i + 1];
    brackets.push({ from, to: next === undefined ? null : next - 1, age: from });
  });
  return brackets;
}

/** The bracket (its `age`) holding an age given beforehand: a device's registration default, a link's `age`. */
export function bracketOfAge(brackets: ReturnType<typeof ageBrackets>, age: number | null): number | null {
  if (!brackets || age === null) return null;
  const found = brackets.find((b) => (b.from === null || age >= b.from) && (b.to === null || age <= b.to));
  return found?.age ?? null;
}
