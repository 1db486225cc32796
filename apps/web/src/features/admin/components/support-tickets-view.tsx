import { formatDateTime } from '@keyland/core/dates';
import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  type SupportTicket,
  TICKET_FILTERS,
  type TicketFilter,
  type TicketStatus,
  useTickets,
} from '#src/features/admin/api/admin-support-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { cn } from '#src/lib/cn.ts';
import { AdminPageHeader, Badge, type BadgeTone } from './admin-page.tsx';
import { CardQueue, EmptyQueue } from './card-queue.tsx';
import { OrderLink } from './orders-view.tsx';

const statusTone: Record<TicketStatus, BadgeTone> = {
  open: 'warning',
  answered: 'success',
  closed: 'neutral',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }): ReactNode {
  const { t } = useTranslation();
  return (
    <span data-testid="ticket-status">
      <Badge tone={statusTone[status]}>{t(`admin.support.status.${status}`)}</Badge>
    </span>
  );
}

function readFilter(params: URLSearchParams): TicketFilter {
  const value = params.get('status');
  return TICKET_FILTERS.find((filter) => filter === value) ?? 'open';
}

/** One ticket of the list: number, subject (to open it), first lines, sender, order, date and status. */
function TicketItem({ ticket }: { ticket: SupportTicket }): ReactNode {
  const { t, i18n } = useTranslation();
  const first = ticket.messages[0]?.body ?? '';
  return (
    <li data-testid="support-ticket" className="rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-mono text-xs text-ink-muted">{ticket.number}</p>
          <h2 className="mt-0.5 text-base font-semibold break-words text-ink">
            <Link
              to={adminPaths.supportTicket(ticket.id)}
              className="rounded hover:text-brand-strong hover:underline"
            >
              {ticket.subject}
            </Link>
          </h2>
        </div>
        <TicketStatusBadge status={ticket.status} />
      </div>
      {first ? (
        <p className="mt-2 line-clamp-2 text-sm break-words whitespace-pre-line text-ink-muted">{first}</p>
      ) : null}
      <dl className="mt-3 flex flex-col gap-1 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
        <div className="flex min-w-0 gap-1.5">
          <dt className="text-ink-faint">{t('admin.support.from')}</dt>
          <dd className="min-w-0 break-words text-ink">
            {ticket.name} <span className="text-ink-muted">&lt;{ticket.email}&gt;</span>
          </dd>
        </div>
        {ticket.orderId !== null ? (
          <div className="flex gap-1.5">
            {/* The link says "Order #12" itself. */}
            <dt className="sr-only">{t('admin.support.order')}</dt>
            <dd>
              <OrderLink id={ticket.orderId} />
            </dd>
          </div>
        ) : null}
        <div className="flex gap-1.5">
          <dt className="text-ink-faint">{t('admin.support.received')}</dt>
          <dd className="text-ink-muted">
            <time dateTime={ticket.createdAt}>{formatDateTime(ticket.createdAt, i18n.language)}</time>
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="sr-only">{t('admin.support.thread')}</dt>
          <dd className="text-ink-muted">{t('admin.support.messages', { count: ticket.messages.length })}</dd>
        </div>
      </dl>
    </li>
  );
}

/** /admin/support: the support tickets of one status (open by default), each leading to its page. */
export function SupportTicketsView(): ReactNode {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const tickets = useTickets(filter);

  const body = (
    <CardQueue
      query={tickets}
      loadingLabel={t('admin.support.loading')}
      failedTitle={t('admin.support.loadFailed')}
      empty={
        <EmptyQueue
          testId="support-empty"
          icon={Inbox}
          title={filter === 'all' ? t('admin.support.emptyAll') : t('admin.support.empty')}
        >
          {filter === 'all' ? null : (
            <Link
              to={`${adminPaths.support}?status=all`}
              className="text-sm font-medium text-brand-strong underline"
            >
              {t('admin.support.showAll')}
            </Link>
          )}
        </EmptyQueue>
      }
      list={(items) => (
        <ul aria-label={t('admin.support.listLabel')} className="flex flex-col gap-3">
          {items.map((ticket) => (
            <TicketItem key={ticket.id} ticket={ticket} />
          ))}
        </ul>
      )}
    />
  );

  return (
    <>
      <AdminPageHeader title={t('admin.support.title')} description={t('admin.support.intro')} />
      <fieldset className="mb-4 min-w-0">
        <legend className="mb-2 text-sm font-medium text-ink">{t('admin.support.filterLabel')}</legend>
        <div className="flex flex-wrap gap-1 rounded-xl border border-line bg-surface p-1 sm:inline-flex">
          {TICKET_FILTERS.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() =>
                setParams(value === 'open' ? {} : { status: value }, { preventScrollReset: true })
              }
              className={cn(
                'min-h-10 flex-1 rounded-lg px-4 text-sm font-medium whitespace-nowrap transition-colors sm:flex-none',
                filter === value
                  ? 'bg-brand-soft text-brand-strong'
                  : 'text-ink-muted hover:bg-raised hover:text-ink',
              )}
            >
              {t(`admin.support.filter.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <div aria-busy={tickets.isFetching || undefined}>{body}</div>
    </>
  );
}
