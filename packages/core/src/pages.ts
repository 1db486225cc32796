/*
 * Every page of the web app, in one place: the web router (apps/web/src/app/router.tsx) declares its
 * routes with these paths, and the server answers 200 only for an address that one of them matches (any
 * other answers 404 with the same HTML, and the app shows its not-found page). A web test compares this
 * list with the router's routes, so the two cannot drift (apps/web/src/app/router-pages.test.ts).
 */

/** The store's pages (spec section 2). */
export const pagePaths = {
  home: '/',
  publicStore: '/publicstore',
  store: '/store',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  product: '/product',
  checkout: '/checkout',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  history: '/History',
  profile: '/profile',
  wishlist: '/wishlist',
  wishlistUnsubscribe: '/wishlist/unsubscribe',
  /** A gift's page: its recipient reveals the keys with the token of the mailed link, without logging in. */
  gift: '/gift/:token',
  admin: '/admin',
  terms: '/terms',
  policy: '/policy',
  cookies: '/cookies',
  contact: '/contactPage',
  legal: '/legal',
} as const;

/** The back office's screens under /admin (`:id` stands for one path segment). */
export const adminPagePaths = {
  dashboard: '/admin',
  products: '/admin/products',
  newProduct: '/admin/products/new',
  product: '/admin/products/:id',
  orders: '/admin/orders',
  order: '/admin/orders/:id',
  review: '/admin/review',
  claims: '/admin/claims',
  customers: '/admin/customers',
  audit: '/admin/audit',
  security: '/admin/security',
  supplier: '/admin/supplier',
  support: '/admin/support',
  supportTicket: '/admin/support/:id',
  promotions: '/admin/promotions',
  newPromotion: '/admin/promotions/new',
  promotion: '/admin/promotions/:id',
  coupons: '/admin/coupons',
  newCoupon: '/admin/coupons/new',
  generateCoupons: '/admin/coupons/generate',
  coupon: '/admin/coupons/:id',
  preorders: '/admin/preorders',
} as const;

/** Every page pattern of the web app, each once. */
export const pagePatterns: readonly string[] = [
  ...new Set<string>([...Object.values(pagePaths), ...Object.values(adminPagePaths)]),
];

/** A product page's address, the form every link to a game takes. */
export function productHref(slug: string, providerId: string): string {
  return `${pagePaths.product}?title=${encodeURIComponent(slug)}&session=${encodeURIComponent(providerId)}`;
}

/** The decoded, non-empty segments of a path; undefined when a segment is not valid percent-encoding. */
function segmentsOf(pathname: string): string[] | undefined {
  try {
    return pathname
      .replace(/\/+$/, '')
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment).toLowerCase());
  } catch {
    return undefined;
  }
}

const compiled = pagePatterns.map((pattern) => segmentsOf(pattern) ?? []);

function matches(pattern: string[], segments: string[]): boolean {
  if (pattern.length !== segments.length) return false;
  return pattern.every((part, i) => {
    const segment = segments[i] ?? '';
    return part.startsWith(':') ? segment !== '' : part === segment;
  });
}

/**
 * Whether the web app has a page at `pathname` (no query), matched the way its router matches: letters
 * in any case, trailing slashes ignored, percent-encoding decoded, `:id` one non-empty segment.
 */
export function isPagePath(pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  const segments = segmentsOf(pathname);
  return segments !== undefined && compiled.some((pattern) => matches(pattern, segments));
}
