import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { rememberWish, wishFromSearch } from '../utils/pending-wish.ts';

/**
 * On the login page: the wish a visitor's heart link carried (`?wish=…&back=…`) is kept until they are
 * logged in (WishAfterLogin grants it), whether they tapped the heart before or after the page's script
 * ran. Renders nothing.
 */
export function WishFromLink(): ReactNode {
  const { search } = useLocation();
  useEffect(() => {
    const wish = wishFromSearch(search);
    if (wish) rememberWish(wish);
  }, [search]);
  return null;
}
