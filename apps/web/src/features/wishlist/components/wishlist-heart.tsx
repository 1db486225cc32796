import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { paths } from '#src/config/paths.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';
import { useSession } from '#src/lib/session.ts';
import { useToggleWishlist } from '../api/change-wishlist.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { wishSearch } from '../utils/pending-wish.ts';

export interface WishlistHeartProps {
  providerId: string;
  title: string;
  /** 'card': a round icon button over a catalogue cover; 'page': a labelled button on the product page. */
  size?: 'card' | 'page';
}

const cardClasses =
  'inline-flex size-10 items-center justify-center rounded-full border border-line-strong bg-canvas/85 ' +
  'text-ink shadow-lg shadow-black/30 backdrop-blur-sm transition-colors hover:border-brand/60 hover:text-brand ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong ' +
  'aria-disabled:cursor-progress aria-pressed:border-brand/60 aria-pressed:text-brand';

/**
 * The heart that puts a game on the customer's wishlist: a toggle button (aria-pressed) whose name says
 * the game. A visitor gets a link to the login instead, carrying the game and the page (in its address, so
 * that it works in server-rendered HTML before the script runs); the game goes on their list once they are
 * logged in and they come back to the page they were on.
 */
export function WishlistHeart({ providerId, title, size = 'card' }: WishlistHeartProps): ReactNode {
  const { t } = useTranslation();
  const { isLoggedIn, isPending } = useSession();
  const location = useLocation();
  const wishlist = useWishlist();
  const toggle = useToggleWishlist();
  const classes =
    size === 'card'
      ? cardClasses
      : buttonClasses({ variant: 'secondary', className: 'aria-pressed:text-brand' });
  const label = size === 'page' ? <span>{t('wishlist.heartLabel')}</span> : null;

  if (!isLoggedIn && !isPending) {
    return (
      <Link
        to={{
          pathname: paths.login,
          search: wishSearch({ providerId, title, returnTo: `${location.pathname}${location.search}` }),
        }}
        data-testid="wishlist-heart"
        aria-label={t('wishlist.heartLogin', { title })}
        className={classes}
      >
        <Heart aria-hidden="true" className="size-5 shrink-0" />
        {label}
      </Link>
    );
  }

  const onList = wishlist.data?.items.some((item) => item.providerId === providerId) ?? false;
  const busy = isPending || wishlist.isPending || toggle.isPending;
  return (
    <button
      type="button"
      data-testid="wishlist-heart"
      aria-pressed={onList}
      aria-label={t('wishlist.heart', { title })}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (busy) return;
        toggle.mutate(
          { providerId, title, on: !onList },
          {
            onSuccess: () => showNotice(t(onList ? 'wishlist.removed' : 'wishlist.added', { title })),
            onError: (error) => showNotice(getErrorMessage(error), 'error'),
          },
        );
      }}
      className={classes}
    >
      <Heart aria-hidden="true" className={cn('size-5 shrink-0', onList && 'fill-current')} />
      {label}
    </button>
  );
}
