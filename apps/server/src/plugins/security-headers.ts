import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Third-party pages the store may show in a frame: privacy-enhanced video players only. */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
/** The payment provider's hosted pages (Stripe Checkout is a redirect, but its 3-D Secure pages may frame). */
const STRIPE_FRAMES = ['https://checkout.stripe.com', 'https://js.stripe.com', 'https://hooks.stripe.com'];

/** Where the game database's screenshots and backgrounds are served from (GAME_DATA=rawg). */
const RAWG_IMAGES = ['https://media.rawg.io'];

/**
 * Browser features the store never uses; the video players keep autoplay, fullscreen and picture-in-picture,
 * and the store's own pages create and use passkeys (WebAuthn), which no frame may.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
  'browsing-topics=()',
  'autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
  'fullscreen=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
  'picture-in-picture=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
  'publickey-credentials-create=(self)',
  'publickey-credentials-get=(self)',
].join(', ');

/**
 * Security headers on every answer: a Content-Security-Policy whose scripts come only from the store
 * itself (the built web app has no inline script; product pages' JSON-LD is data, never run), frames only
 * for the video players and the payment provider, no framing of the store by anyone, HSTS only when the
 * store is served over HTTPS, no MIME sniffing, no referrer to other sites and no unused browser features.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { publicUrl: string; paymentProvider: 'local' | 'stripe'; gameData?: 'none' | 'rawg' },
): Promise<void> {
  const headers = securityHeaders(options);
  // A callback hook: nothing here waits, and a promise per request is not free on the hottest path.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * The headers, computed once: the policy is the same for every answer (no per-request nonce), so helmet
 * runs a single time at start-up against a recording response instead of on each request (its Fastify
 * plugin rebuilt and re-parsed the whole policy per request).
 */
function securityHeaders(options: {
  publicUrl: string;
  paymentProvider: 'local' | 'stripe';
  gameData?: 'none' | 'rawg';
}): Record<string, string> {
  const https = options.publicUrl.startsWith('https://');
  const config: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        imgSrc: ["'self'", 'data:', ...(options.gameData === 'rawg' ? RAWG_IMAGES : [])],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        frameSrc: [...VIDEO_FRAMES, ...(options.paymentProvider === 'stripe' ? STRIPE_FRAMES : [])],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(config)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return headers;
}
