import swagger from '@fastify/swagger';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** Where the document is served, and (in development) the browsable reference drawn from it. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_REFERENCE_PREFIX = '/api/reference';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers that do not depend on the route, added to each operation's documented responses
 * (a status the route documents itself is left as it is; the route's own schema still serializes it):
 * - every `/api/` call resolves the caller's session from the database or Redis and so may answer
 *   503 SERVICE_UNAVAILABLE, and like any call 500 INTERNAL_ERROR;
 * - a state-changing `/api/` call is refused 403 CROSS_SITE_REQUEST or 415 UNSUPPORTED_MEDIA_TYPE by the
 *   cross-site guard (unless its prefix is exempt: signed webhooks still answer 415 for a body that is
 *   not JSON) and 413 PAYLOAD_TOO_LARGE past the body limit.
 * Route-specific refusals (400, 401, 403, 404, 409, 429, 502…) are written in each route's schema.
 */
export function withCommonErrors(
  schema: FastifySchema & { hide?: boolean },
  method: string | string[],
  url: string,
  crossSiteExempt: readonly string[],
): FastifySchema {
  if (schema.hide || !url.startsWith('/api/')) return schema;
  const methods = Array.isArray(method) ? method : [method];
  const response: Record<string, unknown> = { ...(schema.response as Record<string, unknown> | undefined) };
  const add = (status: number) => {
    if (!(status in response)) response[status] = errorBodySchema;
  };
  if (methods.some((m) => STATE_CHANGING.has(m.toUpperCase()))) {
    if (!crossSiteExempt.some((prefix) => url.startsWith(prefix))) add(403);
    add(413);
    add(415);
  }
  add(500);
  add(503);
  return { ...schema, response };
}

/**
 * The OpenAPI 3.1 document of the API at `/api/openapi.json`, built from the routes' zod schemas: every
 * operation carries its operationId, summary and error answers, so clients can be generated from it.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { crossSiteExempt: readonly string[] },
): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [OPENAPI_PATH] });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Keyland API',
        version: '0.1.0',
        description:
          'The Keyland store API. Errors answer `{ "error": "<CODE>", "message": "<text>" }`. Money on the wire is in euros with at most two decimals.',
      },
    },
    transform: (input) =>
      zodTransform({
        ...input,
        schema: input.schema
          ? withCommonErrors(input.schema, input.route.method, input.url, options.crossSiteExempt)
          : input.schema,
      }),
    transformObject: jsonSchemaTransformObject,
  });

  app.get(
    OPENAPI_PATH,
    { schema: { hide: true, operationId: 'getOpenApiDocument', summary: 'This OpenAPI document' } },
    () => app.swagger(),
  );
}

/**
 * Development only: a browsable reference of the same document at `/api/reference/` (Swagger UI, served
 * from the store itself: its scripts and styles are files of the package, so the store's
 * Content-Security-Policy holds on the page as everywhere else). Never registered in production or test.
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  const { default: swaggerUi } = await import('@fastify/swagger-ui');
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PREFIX,
    uiConfig: { displayOperationId: true, displayRequestDuration: true, tryItOutEnabled: false },
  });
}
