import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { controlClasses } from '#src/components/ui/form-controls.tsx';
import type { AdminOrderStatus } from '#src/features/admin/api/admin-api.ts';
import {
  ORDER_STATUSES,
  type OrderFilters,
  useAdminOrders,
} from '#src/features/admin/api/admin-orders-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { cn } from '#src/lib/cn.ts';
import { AdminPageHeader, Badge, type BadgeTone, EmptyBlock } from './admin-page.tsx';
import { SearchBox, SearchedList, tdClasses, usePageParam } from './admin-table.tsx';
import { PagedTable } from './paged-table.tsx';

export const orderTone: Record<AdminOrderStatus, BadgeTone> = {
  paid: 'success',
  pending_payment: 'warning',
  awaiting_keys: 'warning',
  held_for_review: 'warning',
  payment_processing: 'warning',
  cancelled: 'danger',
  expired: 'neutral',
  refunded: 'danger',
  draft: 'neutral',
};

export function OrderStatusBadge({ status }: { status: AdminOrderStatus }): ReactNode {
  const { t } = useTranslation();
  return <Badge tone={orderTone[status]}>{t(`admin.orders.status.${status}`)}</Badge>;
}

const disputeTone = { open: 'warning', won: 'success', lost: 'danger' } as const satisfies Record<
  string,
  BadgeTone
>;

/** A chargeback marker: opened, won or lost at the customer's bank. */
export function DisputeBadge({ status }: { status: keyof typeof disputeTone }): ReactNode {
  const { t } = useTranslation();
  return (
    <span data-testid="dispute-badge">
      <Badge tone={disputeTone[status]}>{t(`admin.refunds.dispute.${status}`)}</Badge>
    </span>
  );
}

/** An order's number, linking to its page. */
export function OrderLink({ id }: { id: number }): ReactNode {
  const { t } = useTranslation();
  return (
    <Link
      to={adminPaths.order(id)}
      className="font-semibold text-ink hover:text-brand-strong hover:underline"
    >
      {t('admin.orders.number', { id })}
    </Link>
  );
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readFilters(params: URLSearchParams): OrderFilters {
  const status = params.get('status') ?? '';
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return DATE.test(value) ? value : '';
  };
  return {
    q: params.get('q') ?? '',
    from: date('from'),
    to: date('to'),
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as AdminOrderStatus) : '',
  };
}

function DateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cn(controlClasses, 'md:w-44')}
      />
    </div>
  );
}

/** /admin/orders: orders (carts left out unless asked for), newest first, by e-mail, id, date or status. */
export function OrdersView(): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const statusId = useId();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [page, setPage] = usePageParam();
  const [draft, setDraft] = useState({ from: filters.from, to: filters.to, status: filters.status });
  const [seen, setSeen] = useState(filters);
  if (seen.from !== filters.from || seen.to !== filters.to || seen.status !== filters.status) {
    setSeen(filters);
    setDraft({ from: filters.from, to: filters.to, status: filters.status });
  }
  const orders = useAdminOrders(filters, page);

  const apply = (q: string) => {
    const next: Record<string, string> = {};
    if (q) next.q = q;
    if (draft.from) next.from = draft.from;
    if (draft.to) next.to = draft.to;
    if (draft.status) next.status = draft.status;
    setParams(next, { preventScrollReset: true });
  };
  const filtered = Boolean(filters.q || filters.from || filters.to || filters.status);

  const body = (
    <PagedTable
      section="orders"
      query={orders}
      empty={
        <EmptyBlock
          action={
            filtered ? (
              <Link to={adminPaths.orders} className="text-sm font-medium text-brand-strong underline">
                {t('admin.clearSearch')}
              </Link>
            ) : null
          }
        >
          {filtered ? t('admin.orders.noMatch') : t('admin.orders.empty')}
        </EmptyBlock>
      }
      columns={[
        { label: t('admin.orders.order') },
        { label: t('admin.orders.customer') },
        { label: t('admin.orders.state') },
        { label: t('admin.orders.total'), numeric: true },
        { label: t('admin.orders.keys'), numeric: true },
        { label: t('admin.orders.date') },
      ]}
      page={page}
      onPage={setPage}
      row={(order) => (
        <tr
          key={order.id}
          data-testid="admin-order-row"
          data-order-id={order.id}
          className="hover:bg-raised/40"
        >
          <td className={tdClasses}>
            <OrderLink id={order.id} />
          </td>
          <td className={`${tdClasses} text-ink-muted`}>{order.email}</td>
          <td className={tdClasses}>
            <span className="flex flex-wrap items-center gap-1">
              <OrderStatusBadge status={order.status} />
              {order.dispute ? <DisputeBadge status={order.dispute} /> : null}
              {order.refunded > 0 && order.status === 'paid' ? (
                <Badge tone="warning">{t('admin.refunds.partial')}</Badge>
              ) : null}
            </span>
          </td>
          <td className={`${tdClasses} text-right tabular-nums`}>
            {formatEuros(roundEurosToCents(order.total), locale)}
          </td>
          <td className={`${tdClasses} text-right tabular-nums`}>{formatCount(order.keys, locale)}</td>
          <td className={`${tdClasses} text-ink-muted`}>
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, locale)}</time>
          </td>
        </tr>
      )}
    />
  );

  return (
    <>
      <AdminPageHeader title={t('admin.nav.orders')} description={t('admin.orders.intro')} />
      <SearchedList
        search={
          <SearchBox
            label={t('admin.orders.searchLabel')}
            hint={t('admin.orders.searchHint')}
            value={filters.q}
            onSearch={apply}
          >
            <div className="grid grid-cols-2 gap-3 md:contents">
              <DateInput
                label={t('admin.orders.from')}
                value={draft.from}
                onChange={(from) => setDraft((current) => ({ ...current, from }))}
              />
              <DateInput
                label={t('admin.orders.to')}
                value={draft.to}
                onChange={(to) => setDraft((current) => ({ ...current, to }))}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <label htmlFor={statusId} className="text-sm font-medium text-ink">
                {t('admin.orders.statusFilter')}
              </label>
              <select
                id={statusId}
                value={draft.status}
                onChange={(event) =>
                  setDraft((current) => ({ ...current, status: event.target.value as AdminOrderStatus | '' }))
                }
                className={cn(controlClasses, 'md:w-48')}
              >
                <option value="">{t('admin.orders.allStatuses')}</option>
                {ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`admin.orders.status.${status}`)}
                  </option>
                ))}
              </select>
            </div>
          </SearchBox>
        }
      >
        {body}
      </SearchedList>
    </>
  );
}
