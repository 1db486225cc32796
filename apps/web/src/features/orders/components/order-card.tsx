import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { CalendarDays, FileText, Hourglass, Landmark, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RedemptionHelp } from '#src/components/redemption-help.tsx';
import { ActivationKey } from '#src/components/ui/activation-key.tsx';
import { PlatformIcon } from '#src/components/ui/platform-icon.tsx';
import { QuantityLines } from '#src/components/ui/quantity-lines.tsx';
import { TotalsList } from '#src/components/ui/totals-list.tsx';
import { invoiceHref } from '#src/features/orders/api/orders.ts';
import { recordKeyAccess } from '#src/features/orders/api/record-key-access.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { formatCartTotals } from '#src/utils/format-cart-totals.ts';
import { ClaimDialog, useClaimDialog } from './claim-dialog.tsx';
import { DeleteOrderDialog } from './delete-order-dialog.tsx';
import { KeyClaimAction, OrderClaims } from './order-claims.tsx';
import { PreorderWaiting, preorderReleaseOf } from './preorder-waiting.tsx';
import { WithdrawDialog } from './withdraw-dialog.tsx';

type PendingItems = NonNullable<CompletedOrder['pending_items']>;

/** The lines whose keys are not delivered yet. */
function PendingItems({ items }: { items: PendingItems }): ReactNode {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
        {t('withdrawal.pendingItems')}
      </h3>
      <QuantityLines
        lines={items}
        testId="order-pending-item"
        className="mt-1"
        formatQuantity={(quantity) => t('withdrawal.quantity', { n: quantity })}
      />
    </div>
  );
}

/**
 * Paid, its keys to come: held for a person's check (when to expect them, not why), or paid with a
 * method that settles later (a bank debit or transfer).
 */
function WaitNotice({ order }: { order: CompletedOrder }): ReactNode {
  const { t } = useTranslation();
  const processing = order.status === 'payment_processing';
  const Icon = processing ? Landmark : ShieldCheck;
  return (
    <div
      data-testid={processing ? 'order-payment-processing' : 'order-held'}
      className="flex flex-col gap-3 border-b border-line px-4 py-4 sm:px-5"
    >
      <p className="flex items-start gap-2 font-semibold text-ink">
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        {processing ? t('history.paymentProcessing') : t('history.held', { count: order.review_hours ?? 24 })}
      </p>
      <p className="text-sm text-ink-muted">
        {processing ? t('history.paymentProcessingBody') : t('history.heldBody')}
      </p>
      <PendingItems items={order.pending_items ?? []} />
    </div>
  );
}

/** The distinct games of an order, for one redemption help each. */
function gamesOf(order: CompletedOrder): { title: string; platform: string }[] {
  const seen = new Map<string, { title: string; platform: string }>();
  for (const item of order.items) {
    const key = `${item.title}\u0000${item.platform}`;
    if (!seen.has(key)) seen.set(key, { title: item.title, platform: item.platform });
  }
  return [...seen.values()];
}

/** Each item with a stable React key: its activation key, which is unique (a placeholder while missing). */
function withKeys(order: CompletedOrder) {
  return order.items.map((item, position) => ({
    id: item.wcs_activation_key || `pending-${position}`,
    item,
  }));
}

/** Reveals and copies of a key go to its access log (a server that gives no key id: nothing to record). */
function accessRecorder(keyId: number | undefined) {
  if (keyId === undefined) return {};
  return {
    onReveal: () => recordKeyAccess(keyId, 'reveal'),
    onCopy: () => recordKeyAccess(keyId, 'copy'),
    onDownload: () => recordKeyAccess(keyId, 'download'),
  };
}

/** What a gift order shows instead of its keys (the gifts feature's state and resend, given by the route). */
export type RenderGift = (order: CompletedOrder) => ReactNode;

/** One paid order: number, date, every key with its game and price, totals with VAT, claims, help, delete. */
export function OrderCard({
  order,
  renderGift,
}: {
  order: CompletedOrder;
  renderGift?: RenderGift | undefined;
}): ReactNode {
  const { t } = useTranslation();
  // A gift's keys are its recipient's: the order shows the gift's state instead (decision 039).
  const gift = order.gift && renderGift ? renderGift(order) : null;
  const locale = useLocale();
  const headingId = useId();
  const claimDialog = useClaimDialog();
  const claims = order.claims ?? [];
  const preorder = preorderReleaseOf(order);
  const keysBeingChecked = new Set(claims.filter((claim) => claim.status === 'open').map((c) => c.keyId));
  const totals = formatCartTotals(
    {
      amount_untaxed: order.amount_untaxed,
      amount_tax: order.amount_tax,
      amount_total: order.total,
      tax_percent: order.tax_percent,
    },
    locale,
  );

  return (
    <article
      data-testid="order"
      data-order-id={order.id}
      aria-labelledby={headingId}
      className="overflow-hidden rounded-2xl border border-line bg-surface"
    >
      <header className="flex items-start justify-between gap-3 border-b border-line bg-raised/50 py-3 pr-2 pl-4 sm:items-center sm:pr-3 sm:pl-5">
        <div className="flex min-w-0 flex-col gap-x-4 gap-y-1 sm:flex-row sm:items-center">
          <h2
            id={headingId}
            ref={claimDialog.orderHeading}
            tabIndex={-1}
            className="text-base font-semibold text-ink"
          >
            {t('history.order', { id: order.id })}
          </h2>
          <p className="flex items-center gap-1.5 text-sm text-ink-muted">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            <time dateTime={order.date}>{formatDateTime(order.date, locale, 'long')}</time>
          </p>
        </div>
        {order.status === 'awaiting_keys' ||
        order.status === 'held_for_review' ||
        order.status === 'payment_processing' ? null : (
          <DeleteOrderDialog orderId={order.id} />
        )}
      </header>

      {order.status === 'held_for_review' || order.status === 'payment_processing' ? (
        <WaitNotice order={order} />
      ) : null}

      {order.status === 'awaiting_keys' ? (
        <div
          data-testid="order-awaiting"
          className="flex flex-col gap-3 border-b border-line px-4 py-4 sm:px-5"
        >
          {gift ? (
            gift
          ) : preorder ? (
            <PreorderWaiting release={preorder} />
          ) : (
            <>
              <p className="flex items-center gap-2 font-semibold text-ink">
                <Hourglass aria-hidden="true" className="size-4 shrink-0 text-brand" />
                {t('withdrawal.waiting')}
              </p>
              <p className="text-sm text-ink-muted">{t('withdrawal.waitingBody')}</p>
            </>
          )}
          {gift ? null : <PendingItems items={order.pending_items ?? []} />}
          {order.withdrawable ? (
            <div>
              <WithdrawDialog orderId={order.id} total={order.total} />
            </div>
          ) : null}
        </div>
      ) : null}

      {gift && order.status !== 'awaiting_keys' ? (
        <div className="border-b border-line px-4 py-4 sm:px-5">{gift}</div>
      ) : null}

      {order.items.length > 0 ? (
        <ul aria-label={t('history.items')} className="divide-y divide-line px-4 sm:px-5">
          {withKeys(order).map(({ id, item }) => (
            <li key={id} data-testid="order-item" className="flex flex-col gap-3 py-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{item.title}</p>
                  {item.platform ? (
                    <p className="mt-0.5 flex items-center gap-1.5 text-xs text-ink-muted">
                      <PlatformIcon platform={item.platform} className="size-3.5 shrink-0" />
                      {item.platform}
                    </p>
                  ) : null}
                </div>
                <p className="shrink-0 font-semibold text-brand tabular-nums">
                  <span className="sr-only">{t('history.price')}: </span>
                  {formatEuros(roundEurosToCents(item.price), locale)}
                </p>
              </div>
              <ActivationKey
                code={item.wcs_activation_key}
                title={item.title}
                {...accessRecorder(item.key_id)}
              />
              {item.key_id !== undefined && item.wcs_activation_key ? (
                <KeyClaimAction
                  target={{ keyId: item.key_id, title: item.title, hours: order.claim_hours }}
                  open={keysBeingChecked.has(item.key_id)}
                  onReport={claimDialog.open}
                />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      <OrderClaims claims={claims} headingRef={claimDialog.claimsHeading} />
      <ClaimDialog
        target={claimDialog.target}
        onClose={claimDialog.close}
        onCloseAutoFocus={claimDialog.returnFocus}
      />

      <div className="flex flex-col gap-4 border-t border-line px-4 py-4 sm:px-5">
        <TotalsList
          totals={totals}
          className="ml-auto flex w-full max-w-xs flex-col gap-1 text-sm tabular-nums"
          totalRowClassName="flex justify-between gap-4 border-t border-line pt-1.5 text-base font-bold text-ink"
          testIds={{ total: 'order-total' }}
        />
        {order.invoice_id ? (
          <a
            data-testid="invoice-link"
            href={invoiceHref(order.invoice_id)}
            download
            className="inline-flex items-center gap-2 self-start text-sm font-medium text-brand underline-offset-4 hover:underline"
          >
            <FileText aria-hidden="true" className="size-4" />
            {t('invoice.download')}
          </a>
        ) : order.invoice_pending ? (
          <p data-testid="invoice-pending" role="status" className="text-sm text-ink-muted">
            {t('invoice.pending')}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          {gamesOf(order).map((game) => (
            <RedemptionHelp
              key={`${game.title}-${game.platform}`}
              platform={game.platform}
              title={game.title}
              orderNumber={String(order.id)}
            />
          ))}
        </div>
      </div>
    </article>
  );
}
