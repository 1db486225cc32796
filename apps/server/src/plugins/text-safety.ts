import { fieldNameOf, findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@keyland/core/text-safety';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** What a JSON or text parser produces; uploads (buffers, streams) are left alone. */
function isParsedText(value: unknown): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function refusal(request: FastifyRequest): AppError | undefined {
  // Path and query values are strings (or lists of them) in objects of the router's and the query
  // parser's own making: copied into plain objects to be walked.
  const parts = [{ ...(request.params as object) }, { ...(request.query as object) }, request.body];
  for (const part of parts) {
    if (!isParsedText(part)) continue;
    const found = findUnsafeText(part);
    if (!found) continue;
    const field = fieldNameOf(found.path);
    const what = found.inKey ? 'a field name' : 'the text';
    return new AppError(
      'VALIDATION_FAILED',
      `${field ? `${field}: ` : ''}${UNSAFE_TEXT_MESSAGE} in ${what}`,
      field ? { field } : {},
    );
  }
  return undefined;
}

/**
 * The one text rule of the store (@keyland/core/text-safety) at the edge: before any route validates or
 * reads a request, a NUL, another control character or half a character anywhere in its body, query or
 * path — value or key — answers 400 VALIDATION_FAILED naming the field. No route can forget it, and none
 * of these values ever reaches the database (PostgreSQL refuses NUL in text with an error).
 */
export function registerTextSafety(app: FastifyInstance): void {
  // A callback hook (nothing here waits), like the other per-request guards.
  app.addHook('preValidation', (request, _reply, done) => {
    done(refusal(request));
  });
}
