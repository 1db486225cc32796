/** Every route of the store in one place (spec section 2). Links and redirects read their paths here. */
export const paths = {
  home: '/',
  publicStore: '/publicstore',
  store: '/store',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  product: {
    path: '/product',
    getHref: (slug: string, providerId: string) =>
      `/product?title=${encodeURIComponent(slug)}&session=${encodeURIComponent(providerId)}`,
  },
  checkout: '/checkout',
  checkoutSuccess: '/checkout/success',
  checkoutCancel: '/checkout/cancel',
  history: '/History',
  profile: '/profile',
  admin: '/admin',
  terms: '/terms',
  policy: '/policy',
  cookies: '/cookies',
  contact: '/contactPage',
  legal: '/legal',
} as const;

/** The legal and info pages, in the order of the navigation bar's 'legal and info' selector. */
export const legalLinks = [
  { key: 'terms', href: paths.terms },
  { key: 'policy', href: paths.policy },
  { key: 'cookies', href: paths.cookies },
  { key: 'legal', href: paths.legal },
  { key: 'contact', href: paths.contact },
] as const;

/** The catalogue of the visitor or of the logged-in customer, where every "back to the store" link goes. */
export function storeHref(loggedIn: boolean): string {
  return loggedIn ? paths.store : paths.publicStore;
}
