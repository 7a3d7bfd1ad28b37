// What the search box asks the server: an exact email address when the text has the email shape of
// the spec (the contract's EMAIL_PATTERN), else an exact display name.
import { username } from '@portal/contract/calls/entities';
import { EMAIL_PATTERN } from '@portal/contract/calls/wire';

export interface LookupQuery {
  type: 'email' | 'username';
  value: string;
}

export type SearchText = { ok: true; query: LookupQuery } | { ok: false; problem: 'empty' | 'invalid' };

/** The lookup of the typed text (trimmed), or why there is none: nothing typed, or no possible name. */
export function searchQueryOf(text: string): SearchText {
  const value = text.trim();
  if (value === '') return { ok: false, problem: 'empty' };
  if (EMAIL_PATTERN.test(value)) return { ok: true, query: { type: 'email', value } };
  if (!username.safeParse(value).success) return { ok: false, problem: 'invalid' };
  return { ok: true, query: { type: 'username', value } };
}
