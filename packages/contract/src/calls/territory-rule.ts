// A territory (US-xx) comes only with the country US, or with no country: the rule of the
// registration and location calls. Apart from entities.ts, which the sign-in page loads, since no
// sign-in call needs it.
import type { z } from 'zod';
import { documentedRule, TERRITORY_ONLY_IN_US } from './documented.ts';

const territoryOnlyInUs = (v: { country?: string | undefined; territory?: string | null | undefined }) =>
  v.territory == null || v.country === undefined || v.country === 'US';
const territoryRule = { path: ['territory'], error: 'A territory applies only to the US' };

/** `schema` refined so that a territory (US-xx) comes only with the country US (or no country). */
export function inUsOnly<T extends z.ZodType<{ country?: string | undefined; territory?: string | null | undefined }>>(
  schema: T,
): T {
  return documentedRule(schema, (v) => territoryOnlyInUs(v), territoryRule, TERRITORY_ONLY_IN_US);
}
