import { TicketX } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showNotice } from '#src/components/ui/notice.tsx';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { AdminCard, AdminPageHeader, BackLink } from './admin-page.tsx';
import { LoadStateCard, NotFoundPage } from './page-states.tsx';
import { PromotionStatusBadge } from './promotion-details.tsx';

/** A discount as its page needs it: a promotion or a coupon. */
interface Discount {
  id: number;
  name: string;
  status: 'scheduled' | 'active' | 'ended';
}

/**
 * For a change refused because the discount started meanwhile (PROMOTION_NOT_EDITABLE): the page now
 * shows it read-only, without the form, so the reason goes in a notice.
 */
export function noticeIfStarted(error: Error): void {
  if (error instanceof ApiError && error.error === 'PROMOTION_NOT_EDITABLE')
    showNotice(getErrorMessage(error), 'error');
}

/**
 * The page of one discount (a promotion, a coupon), read from its list: while it is scheduled its form
 * (`form`), once it runs its details (`details`) with "End now" (`endButton`), once ended its details
 * only. The texts are those of its translation section.
 */
export function DiscountPage<Item extends Discount>({
  section,
  listPath,
  query,
  form,
  details,
  endButton,
}: {
  section: 'promotions' | 'coupons';
  listPath: string;
  /** The discount, `null` when the list has none with its id. */
  query: {
    isPending: boolean;
    isError: boolean;
    data: Item | null | undefined;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  form: (item: Item) => ReactNode;
  details: (item: Item) => ReactNode;
  /** Its "End now" button; the focus moves to the card's title once it has ended. */
  endButton: (item: Item, focusAfter: () => void) => ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const heading = useRef<HTMLSpanElement>(null);
  const back = <BackLink to={listPath}>{t(`${section}.backToList`)}</BackLink>;

  if (query.isPending || query.isError) {
    return (
      <>
        <AdminPageHeader title={t(`${section}.detailTitle`)} back={back} />
        <LoadStateCard
          query={query}
          loadingLabel={t(`${section}.loadingOne`)}
          failedTitle={t(`${section}.list.loadFailed`)}
        />
      </>
    );
  }
  const item = query.data;
  if (!item) {
    return (
      <NotFoundPage
        icon={TicketX}
        title={t(`${section}.notFound`)}
        body={t(`${section}.notFoundBody`)}
        listPath={listPath}
        backLabel={t(`${section}.backToList`)}
      />
    );
  }

  const editable = item.status === 'scheduled';
  return (
    <>
      <AdminPageHeader
        title={item.name}
        back={back}
        description={editable ? t(`${section}.editIntro`) : <PromotionStatusBadge status={item.status} />}
        actions={item.status === 'active' ? endButton(item, () => heading.current?.focus()) : null}
      />
      <AdminCard
        className="max-w-3xl"
        title={
          <span ref={heading} tabIndex={-1} className="outline-none">
            {editable ? t(`${section}.editTitle`) : t(`${section}.detailsTitle`)}
          </span>
        }
      >
        {editable ? (
          form(item)
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-ink-muted">
              {item.status === 'active' ? t(`${section}.activeNote`) : t(`${section}.endedNote`)}
            </p>
            {details(item)}
          </div>
        )}
      </AdminCard>
    </>
  );
}
