import { pagePaths, productHref } from '@keyland/core/pages';

/**
 * Every route of the store (spec section 2), from the list the server shares (@keyland/core/pages). Links
 * and redirects read their paths here.
 */
export const paths = {
  ...pagePaths,
  product: { path: pagePaths.product, getHref: productHref },
} as const;

/** The contact form on the contact page: the way to reach support that any page can link to. */
export const CONTACT_FORM_ANCHOR = 'contact-form';
export const contactFormHref = `${pagePaths.contact}#${CONTACT_FORM_ANCHOR}`;

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
