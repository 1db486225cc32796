import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * State-changing API calls must come from the store's own pages: a JSON content type (which a
 * cross-site form cannot send without a CORS preflight) and, when the browser tells, an Origin of the
 * store (PUBLIC_URL, or the host the request was sent to) and no cross-site Sec-Fetch-Site. Webhooks,
 * which are called by other servers and verified by signature, are exempt.
 */
export function registerCrossSiteGuard(
  app: FastifyInstance,
  publicUrl: string,
  exemptPrefixes: string[] = [],
): void {
  const publicOrigin = originOf(publicUrl);
  // A callback hook (nothing here waits): a promise per API call is not free on the hottest path.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    done(refusal(request) ?? undefined);
  });

  function refusal(request: FastifyRequest): AppError | undefined {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return undefined;
    if (exemptPrefixes.some((prefix) => request.url.startsWith(prefix))) return undefined;
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site') {
      return new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const own = new Set([publicOrigin, `${request.protocol}://${request.host}`]);
      if (!own.has(origin)) return new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
    }
    if (!request.headers['content-type']?.toLowerCase().startsWith('application/json')) {
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON (application/json)');
    }
    return undefined;
  }
}
