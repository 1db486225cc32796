import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showNotice } from '#src/components/ui/notice.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useSession } from '#src/lib/session.ts';
import { addToWishlist } from '../api/change-wishlist.ts';
import { takeWish } from '../utils/pending-wish.ts';

/**
 * Where the login lands: the wish a visitor made before logging in (a game's heart) is granted, and they
 * go back to the page they were on. Renders nothing.
 */
export function WishAfterLogin(): ReactNode {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isLoggedIn) return;
    const wish = takeWish();
    if (!wish) return;
    void navigate(wish.returnTo, { replace: true });
    // Not a mutation of this component: it goes on after the page changes.
    addToWishlist(wish.providerId).then(
      () => {
        showNotice(t('wishlist.added', { title: wish.title }));
        void queryClient.invalidateQueries({ queryKey: ['wishlist'] });
      },
      (error: unknown) => showNotice(getErrorMessage(error), 'error'),
    );
  }, [isLoggedIn, navigate, queryClient, t]);

  return null;
}
