// The form-encoded bodies of the standard endpoints (application/x-www-form-urlencoded).
import { OAuthError } from './errors.ts';

export type Form = Record<string, string>;

/** Form fields; a field given twice is refused (RFC 6749 §3.2). */
export function parseForm(text: string): Form {
  // No prototype: a field named like one of Object's members (`constructor`) is a field like any other.
  const fields: Form = Object.create(null) as Form;
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) throw new OAuthError('invalid_request', `${name} is repeated`);
    fields[name] = value;
  }
  return fields;
}

/** A field that must be there, at most `max` characters long. */
export function field(fields: Partial<Form>, name: string, max = 2000): string {
  const value = fields[name];
  if (value === undefined || value === '') throw new OAuthError('invalid_request', `${name} is missing`);
  if (value.length > max) throw new OAuthError('invalid_request', `${name} is too long`);
  if (value.includes('\u0000')) throw new OAuthError('invalid_request', `${name} holds a NUL character`);
  return value;
}
