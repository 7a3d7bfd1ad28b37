import { ERRORS, errorKey } from '@portal/contract/errors/catalogue';
import { ENGLISH_MESSAGES } from '@portal/contract/errors/english';
import type { ErrorDefinition, ErrorName } from '@portal/contract/errors/catalogue';

/**
 * An error the client is meant to see. Handlers throw it with a catalogue name; the error handler
 * turns it into the spec's error object in the caller's language. Errors are data: status, number
 * and message key all come from the catalogue.
 */
export class RequestError extends Error {
  override name = 'RequestError';
  readonly errorName: ErrorName;
  readonly status: number;
  readonly key: string;
  readonly hydraErrorCode: number;
  readonly body: Record<string, unknown> | null;
  readonly headers: Record<string, string>;

  constructor(
    errorName: ErrorName,
    options: { body?: Record<string, unknown>; status?: number; headers?: Record<string, string> } = {},
  ) {
    const definition: ErrorDefinition = ERRORS[errorName];
    super(ENGLISH_MESSAGES[errorName]);
    this.errorName = errorName;
    this.status = options.status ?? definition.status;
    this.key = errorKey(errorName);
    this.hydraErrorCode = definition.code;
    this.body = options.body ?? null;
    this.headers = options.headers ?? {};
  }
}
