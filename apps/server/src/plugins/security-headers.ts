import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Third-party pages the store may show in a frame: privacy-enhanced video players only. */
const VIDEO_FRAMES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
/** The payment provider's hosted pages (Stripe Checkout is a redirect, but its 3-D Secure pages may frame). */
const STRIPE_FRAMES = ['https://checkout.stripe.com', 'https://js.stripe.com', 'https://hooks.stripe.com'];

/** Where the game database's screenshots and backgrounds are served from (GAME_DATA=rawg). */
const RAWG_IMAGES = ['https://media.rawg.io'];

/** Browser features the store never uses; the video players keep autoplay, fullscreen and picture-in-picture. */
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
  const https = options.publicUrl.startsWith('https://');
  await app.register(helmet, {
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
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    return payload;
  });
}
