import type { ErrorCode } from '@keyland/core/errors';
import type { ErrorBody } from '@keyland/core/schemas/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { isDatabaseUnavailable } from '../lib/db-unavailable.ts';
import { translateOptional } from '../lib/i18n.ts';
import { SessionStoreUnavailableError } from '../modules/accounts/session-store.port.ts';

/** Names the first invalid field of a validation error ("filters.priceRange.0"), if any. */
function fieldOf(error: FastifyError): string | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const pathText = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
    return pathText || undefined;
  }
  return undefined;
}

/**
 * The single translation point from errors to the `{ error, message }` contract. Expected errors keep
 * their status and text; anything else is a 500 whose details go to the log, never to the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const say = (code: ErrorBody['error'], fallback: string, values: Record<string, string> = {}) =>
      translateOptional(request.locale ?? 'en', `errors.${code}`, values) ?? fallback;
    if (error instanceof AppError) {
      const body: ErrorBody = {
        error: error.code,
        message: say(error.code, error.message, { field: error.field ?? '', ...error.values }),
      };
      if (error.field) body.field = error.field;
      // A route whose contract adds fields to its refusals (createOrder's `{ success, data }`) names them.
      const extra = error.status < 500 ? request.routeOptions.config.errorBodyExtra : undefined;
      return reply
        .status(error.status)
        .headers(error.headers)
        .send(extra ? { ...extra, ...body } : body);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.code === 'FST_ERR_VALIDATION') {
      const field = fieldOf(error);
      const issue = error.validation?.[0]?.message ?? 'Invalid input';
      const body: ErrorBody = {
        error: 'VALIDATION_FAILED',
        message: say('VALIDATION_FAILED', field ? `${field}: ${issue}` : issue, { field: field ?? '' }),
      };
      if (field) body.field = field;
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    const fastifyClientErrors: Record<number, [ErrorCode, string]> = {
      413: ['PAYLOAD_TOO_LARGE', 'Request too large'],
      415: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'],
      429: ['RATE_LIMITED', 'Too many requests, try again later'],
    };
    const known = fastifyClientErrors[status];
    if (known) return reply.status(status).send({ error: known[0], message: say(known[0], known[1]) });
    if (status >= 400 && status < 500) {
      // Malformed JSON and similar client mistakes reported by Fastify itself.
      return reply
        .status(400)
        .send({ error: 'VALIDATION_FAILED', message: say('VALIDATION_FAILED', 'Malformed request') });
    }
    if (isDatabaseUnavailable(error) || error instanceof SessionStoreUnavailableError) {
      // The database (or Redis) dropped or refused the connection, or did not answer in time: the client
      // may retry.
      const what = error instanceof SessionStoreUnavailableError ? 'redis' : 'database';
      request.log.error({ err: error }, `${what} unavailable`);
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ error: 'SERVICE_UNAVAILABLE', message: say('SERVICE_UNAVAILABLE', 'Service unavailable') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'INTERNAL_ERROR', message: say('INTERNAL_ERROR', 'Internal server error') });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Fields a route's contract adds to the error body of its expected (4xx) refusals. */
    errorBodyExtra?: Record<string, unknown>;
  }
}
