import { z } from 'zod';
import { ERRORS, errorKey, errorNameForCode, GENERIC_MESSAGE_KEY } from './catalogue.ts';
import type { ErrorDefinition, ErrorName } from './catalogue.ts';

/** The error object on the wire (spec 001 §3): {message, key, body, hydraErrorCode, code}. */
export const wireError = z.object({
  message: z.string(),
  key: z.string().default(GENERIC_MESSAGE_KEY),
  body: z.record(z.string(), z.unknown()).nullable().default(null),
  hydraErrorCode: z.number().int().nullable().default(null),
  code: z.string().nullable().default(null),
});
export type WireError = z.output<typeof wireError>;

function isErrorName(value: string): value is ErrorName {
  return Object.hasOwn(ERRORS, value);
}

/** The catalogue row of a wire error: by its number first, then by its name. */
export function lookupError(error: Pick<WireError, 'hydraErrorCode' | 'code'>): ErrorName | undefined {
  if (error.hydraErrorCode !== null) return errorNameForCode(error.hydraErrorCode);
  if (error.code !== null && isErrorName(error.code)) return error.code;
  return undefined;
}

/**
 * The message key the web app shows for an error: the catalogue's key, or error.generic for codes
 * it does not know and for codes flagged non-production when not in debug mode.
 */
export function messageKeyFor(error: Pick<WireError, 'hydraErrorCode' | 'code'>, options: { debug: boolean }): string {
  const name = lookupError(error);
  if (name === undefined) return GENERIC_MESSAGE_KEY;
  const definition: ErrorDefinition = ERRORS[name];
  if (definition.production === false && !options.debug) return GENERIC_MESSAGE_KEY;
  return errorKey(name);
}

/** Fills {{placeholders}} of a message from an error body. Unknown placeholders stay as they are. */
export function interpolate(message: string, values: Record<string, unknown> | null | undefined): string {
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = values?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}
