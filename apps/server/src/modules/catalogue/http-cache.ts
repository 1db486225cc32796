import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Conditional answers for the public catalogue calls (docs/decisions/005-catalogue-caching.md): a strong
 * ETag derived from the exact response body, `private, max-age=0, must-revalidate`, and 304 with no body
 * when the client already holds that body.
 */
export const REVALIDATE = 'private, max-age=0, must-revalidate';

/** A strong validator: the SHA-256 of the body, base64url, quoted. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored; `*` matches. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

/**
 * onSend hook of a cacheable call. `shared` says whether this answer is the same for every caller who may
 * receive it; answers that are not (an admin's, with wholesale prices) are marked no-store instead.
 */
export function conditionalAnswer(shared: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
      return payload;
    }
    if (!shared(request)) {
      reply.header('cache-control', 'no-store');
      return payload;
    }
    const etag = String(reply.getHeader('etag') ?? etagOf(payload));
    reply.header('etag', etag).header('cache-control', REVALIDATE);
    if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return null;
  };
}

const serialized = new WeakMap<object, { json: string; etag: string }>();

/**
 * The JSON text and ETag of an answer object, computed once per object: answers served from the catalogue
 * cache are the same object until it changes, so a cache hit costs neither serialising nor hashing.
 * `serialize` must produce what the route's response schema would (it validates too).
 */
export function serializedOnce(answer: object, serialize: (answer: object) => string) {
  let entry = serialized.get(answer);
  if (!entry) {
    const json = serialize(answer);
    entry = { json, etag: etagOf(json) };
    serialized.set(answer, entry);
  }
  return entry;
}

/** Sends a shared answer as pre-serialised JSON with its ETag (conditionalAnswer then answers 304 or 200). */
export function sendShared(reply: FastifyReply, answer: object, serialize: (answer: object) => string) {
  const { json, etag } = serializedOnce(answer, serialize);
  return reply.header('etag', etag).type('application/json; charset=utf-8').send(json);
}
