import type { GameDetail } from '@keyland/core/schemas/game-detail';
import { LogIn, PackageCheck, ShieldCheck, UserPlus, Zap } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { PreorderBadge } from '#src/components/ui/preorder-label.tsx';
import { SalePrice } from '#src/components/ui/sale-price.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { useSession } from '#src/lib/session.ts';
import { activationRegion } from '#src/utils/activation-in-words.ts';
import { formatStock } from '#src/utils/format-stock.ts';
import { PreorderDeliveryItems } from './preorder-delivery.tsx';

/** What a logged-in customer gets to buy the game with (the cart's button, given by the route). */
export type RenderAddToCart = (game: {
  productId: string;
  title: string;
  soldOut: boolean;
  /** A pre-order: the day its key is delivered. */
  preorderRelease?: string | undefined;
}) => ReactNode;

/** What the viewer can do: wait for the session check, then add to cart (customers) or log in (visitors). */
function BuyAction({
  productId,
  title,
  soldOut,
  preorderRelease,
  renderAddToCart,
}: {
  productId: string;
  title: string;
  soldOut: boolean;
  preorderRelease: string | undefined;
  renderAddToCart: RenderAddToCart;
}): ReactNode {
  const { t } = useTranslation();
  const { isPending, isLoggedIn } = useSession();

  if (isPending) {
    return <Spinner label={t('common.checkingSession')} className="min-h-11" />;
  }
  if (isLoggedIn) {
    return renderAddToCart({ productId, title, soldOut, preorderRelease });
  }
  return (
    <div data-testid="login-prompt" className="flex flex-col gap-3">
      <p className="text-sm text-ink">{t('product.loginPrompt')}</p>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <Link to={paths.register} className={buttonClasses({ wrap: true })}>
          <UserPlus aria-hidden="true" className="size-4 shrink-0" />
          {t('product.register')}
        </Link>
        <Link to={paths.login} className={buttonClasses({ variant: 'secondary', wrap: true })}>
          <LogIn aria-hidden="true" className="size-4 shrink-0" />
          {t('product.login')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The limited-offer banner: the VAT-included price (with the reduction while on sale), stock, the delivery
 * promise, where the key activates (as the details say it) and the way to buy.
 */
export function BuyBox({
  game,
  renderAddToCart,
}: {
  game: GameDetail;
  renderAddToCart: RenderAddToCart;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const preorderRelease = game.preorderRelease;
  const soldOut = game.stock <= 0 && !preorderRelease;

  return (
    <section
      aria-label={t('product.limitedOffer')}
      data-testid="offer-banner"
      className="overflow-hidden rounded-xl border border-brand/40 bg-surface"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 bg-brand-soft px-4 py-2">
        <p className="flex items-center gap-1.5 text-sm font-semibold tracking-wide text-brand-strong uppercase">
          <Zap aria-hidden="true" className="size-4" />
          {t('product.limitedOffer')}
        </p>
        {preorderRelease ? (
          <PreorderBadge />
        ) : (
          <p className="flex items-center gap-1 text-xs font-medium text-ink-muted tabular-nums">
            <PackageCheck aria-hidden="true" className="size-3.5 text-brand" />
            {soldOut ? t('product.soldOut') : t('product.stock', { stock: formatStock(game.stock) })}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-4 p-4 sm:p-5">
        <SalePrice
          price={game.priceSellWithTax || game.price}
          reference={game.priceReference}
          discountPercent={game.discountPercent}
          saleEndsAt={game.saleEndsAt}
          label={t('product.price')}
          note={t('product.vatIncluded')}
          testId="product-price"
        />
        <BuyAction
          productId={game.productId}
          title={game.name}
          soldOut={soldOut}
          preorderRelease={preorderRelease}
          renderAddToCart={renderAddToCart}
        />
        <ul className="flex flex-col gap-2 border-t border-line pt-4 text-sm text-ink-muted">
          {preorderRelease ? (
            <PreorderDeliveryItems release={preorderRelease} />
          ) : (
            <li className="flex gap-2">
              <Zap aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
              <span>{t('product.instantDelivery')}</span>
            </li>
          )}
          {game.activation ? (
            <li className="flex gap-2">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
              <span>
                {t('product.activation.label')}:{' '}
                <strong data-testid="offer-activation" className="font-semibold text-ink">
                  {activationRegion(game.activation, locale, t)}
                </strong>
              </span>
            </li>
          ) : null}
        </ul>
      </div>
    </section>
  );
}
