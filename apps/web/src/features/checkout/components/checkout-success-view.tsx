import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, KeyRound, LogIn, PartyPopper } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DeliveredKeyItems, RedemptionHelpList } from '#src/components/delivered-keys.tsx';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { createOrder, type DeliveredKey } from '#src/features/checkout/api/checkout.ts';
import { clearCheckoutStorage } from '#src/features/checkout/utils/checkout-storage.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { cartBaseKey, ordersBaseKey } from '#src/lib/query-keys.ts';
import { useSession } from '#src/lib/session.ts';
import { CheckoutGiftView } from './checkout-gift-view.tsx';
import { CheckoutHeldView, CheckoutPaymentProcessingView } from './checkout-held-view.tsx';
import { CheckoutPreorderView } from './checkout-preorder-view.tsx';
import { ResultHeading, ResultLinks, ResultPage } from './checkout-result.tsx';

/** Automatic attempts after the first one: the provider's confirmation may arrive a moment after the customer. */
export const CREATE_ORDER_RETRIES = 4;

/** 1 s, 2 s, 4 s, 8 s between attempts. */
export function createOrderRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 8000);
}

/** Worth asking again: payment not confirmed yet, the network, or the server having a moment. */
export function isRetryableOrderError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.error === 'PAYMENT_NOT_COMPLETED' || error.status === 0 || error.status >= 500;
}

/** The paid order: its keys, or, when it is held for a person's review, no keys and when to expect them. */
interface PaidOrder {
  orderId: number | undefined;
  keys: DeliveredKey[];
  /** Hours within which a held order is checked; undefined when the keys are delivered. */
  reviewHours: number | undefined;
  /** Paid with a delayed method: the days its keys are kept while the payment settles. */
  processingDays?: number | undefined;
  /** A pre-order: the day its key is delivered. */
  preorderRelease?: string | undefined;
  /** A gift: the day it is sent to its recipient (null: right away); its keys are not shown. */
  gift?: { deliverOn: string | null } | undefined;
}

/** A held order is checked within a day unless the server says otherwise. */
const DEFAULT_REVIEW_HOURS = 24;
/** A delayed payment's keys are kept two weeks unless the server says otherwise. */
const DEFAULT_HOLD_DAYS = 14;

async function fetchOrder(sessionId: string, signal: AbortSignal): Promise<PaidOrder> {
  const answer = await createOrder(sessionId, signal);
  if (!answer.success) {
    throw new ApiError({ status: 409, error: 'PAYMENT_NOT_COMPLETED', message: answer.message ?? '' });
  }
  return {
    orderId: answer.order_id,
    keys: answer.data,
    reviewHours: answer.held ? (answer.review_hours ?? DEFAULT_REVIEW_HOURS) : undefined,
    processingDays: answer.processing ? (answer.hold_days ?? DEFAULT_HOLD_DAYS) : undefined,
    preorderRelease: answer.preorder_release,
    gift: answer.gift ? { deliverOn: answer.gift_deliver_on ?? null } : undefined,
  };
}

function DeliveredKeys({ keys }: { keys: DeliveredKey[] }): ReactNode {
  const { t } = useTranslation();
  return (
    <ResultPage>
      <ResultHeading icon={PartyPopper} title={t('checkout.successTitle')}>
        <p className="mt-3 max-w-lg text-pretty text-ink-muted">{t('checkout.successBody')}</p>
      </ResultHeading>
      <section aria-labelledby="delivered-keys" className="mt-8 rounded-2xl border border-line bg-surface">
        <h2
          id="delivered-keys"
          className="flex items-center gap-2 border-b border-line px-4 py-3 font-semibold text-ink sm:px-5"
        >
          <KeyRound aria-hidden="true" className="size-5 text-brand" />
          {t('checkout.keysTitle')}
        </h2>
        <ul className="divide-y divide-line px-4 sm:px-5">
          <DeliveredKeyItems keys={keys} testId="delivered-key" />
        </ul>
      </section>
      <RedemptionHelpList keys={keys} className="mt-4 flex flex-col gap-2" />
      <ResultLinks />
    </ResultPage>
  );
}

function SessionKeys({ sessionId }: { sessionId: string }): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const order = useQuery({
    queryKey: ['create-order', sessionId],
    queryFn: ({ signal }) => fetchOrder(sessionId, signal),
    enabled: session.isLoggedIn,
    retry: (failures, error) => failures < CREATE_ORDER_RETRIES && isRetryableOrderError(error),
    retryDelay: createOrderRetryDelay,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const settled = order.isSuccess || order.isError;

  // The paid games have left the draft order, and the history has a new order.
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: cartBaseKey });
    void queryClient.invalidateQueries({ queryKey: ordersBaseKey });
  }, [settled, queryClient]);

  const title = (
    <DocumentTitle
      title={t(
        order.data?.processingDays !== undefined
          ? 'checkout.paymentProcessingTitle'
          : order.data?.gift
            ? 'gifts.successTitle'
            : order.data?.reviewHours === undefined
              ? 'checkout.successTitle'
              : 'checkout.heldTitle',
      )}
    />
  );

  const content = ((): ReactNode => {
    if (session.isPending) {
      return (
        <ResultPage>
          <Spinner label={t('common.checkingSession')} className="justify-center py-16" />
        </ResultPage>
      );
    }
    if (!session.isLoggedIn) {
      return (
        <EmptyState
          icon={LogIn}
          title={t('checkout.loginToSee')}
          body={t('checkout.loginToSeeBody')}
          headingLevel={1}
        >
          <Link to={paths.login} className={buttonClasses()}>
            {t('nav.login')}
          </Link>
        </EmptyState>
      );
    }
    if (order.isSuccess && order.data.processingDays !== undefined) {
      return (
        <CheckoutPaymentProcessingView orderId={order.data.orderId} holdDays={order.data.processingDays} />
      );
    }
    if (order.isSuccess && order.data.gift) {
      return <CheckoutGiftView orderId={order.data.orderId} deliverOn={order.data.gift.deliverOn} />;
    }
    if (order.isSuccess && order.data.preorderRelease && order.data.keys.length === 0) {
      return <CheckoutPreorderView orderId={order.data.orderId} release={order.data.preorderRelease} />;
    }
    if (order.isSuccess) {
      return order.data.reviewHours === undefined ? (
        <DeliveredKeys keys={order.data.keys} />
      ) : (
        <CheckoutHeldView orderId={order.data.orderId} reviewHours={order.data.reviewHours} />
      );
    }
    if (order.isError && !order.isFetching) {
      return (
        <EmptyState
          icon={CircleAlert}
          tone="danger"
          title={t('checkout.orderFailed')}
          body={t('checkout.orderFailedBody')}
          headingLevel={1}
        >
          <Button onClick={() => void order.refetch()}>{t('common.retry')}</Button>
          <Link to={paths.history} className={buttonClasses({ variant: 'secondary' })}>
            {t('checkout.toHistory')}
          </Link>
        </EmptyState>
      );
    }
    return (
      <ResultPage>
        <div data-testid="checkout-processing" className="flex flex-col items-center gap-4 py-12 text-center">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{t('checkout.processingTitle')}</h1>
          <Spinner label={t('checkout.processing')} />
        </div>
      </ResultPage>
    );
  })();

  return (
    <>
      {title}
      {content}
    </>
  );
}

/** /checkout/success?session_id=…: confirms the payment with the server and shows the keys. */
export function CheckoutSuccessView(): ReactNode {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';

  // Back from the payment page: the stored cart and summary have served, whatever happens next.
  // Also start at the top, not where the store was left before the payment page.
  useEffect(() => {
    clearCheckoutStorage();
    window.scrollTo(0, 0);
  }, []);

  if (!sessionId) {
    return (
      <>
        <DocumentTitle title={t('checkout.successTitle')} />
        <EmptyState
          icon={CircleAlert}
          tone="danger"
          title={t('checkout.noSessionId')}
          body={t('checkout.noSessionIdBody')}
          headingLevel={1}
        >
          <Link to={paths.history} className={buttonClasses()}>
            {t('checkout.toHistory')}
          </Link>
        </EmptyState>
      </>
    );
  }
  return <SessionKeys sessionId={sessionId} />;
}
