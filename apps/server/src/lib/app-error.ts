import type { ErrorCode } from '@keyland/core/errors';
import { errorStatus } from '@keyland/core/errors';

/**
 * An expected failure: a stable code, the HTTP status it maps to, and a message for the caller. Services
 * throw it; the error-handler plugin is the one place that turns it into a response.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;
  /** Values interpolated into the translated message (`{{title}}`, `{{max}}`…). */
  readonly values: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      field?: string;
      status?: number;
      headers?: Record<string, string>;
      values?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.field = options.field;
    this.headers = options.headers ?? {};
    this.values = options.values ?? {};
  }
}

export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);

/** A value the schema let through but a rule across fields refuses; `field` names it for the form. */
export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { field });
