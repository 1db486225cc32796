import { paths } from '#src/config/paths.ts';

/** The navigation bar's links (spec "Navigation bar"); Logout is a button, shown next to them. */
export const loggedInLinks = [
  { key: 'store', href: paths.store },
  { key: 'wishlist', href: paths.wishlist },
  { key: 'history', href: paths.history },
  { key: 'profile', href: paths.profile },
] as const;

export const loggedOutLinks = [
  { key: 'login', href: paths.login },
  { key: 'register', href: paths.register },
] as const;
