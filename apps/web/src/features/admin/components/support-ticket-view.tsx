import { formatDateTime } from '@keyland/core/dates';
import { FileX2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { type SupportTicket, useCloseTicket, useTicket } from '#src/features/admin/api/admin-support-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { cn } from '#src/lib/cn.ts';
import { AdminCard, AdminPageHeader, BackLink } from './admin-page.tsx';
import { FocusHeading } from './card-queue.tsx';
import { FactRows } from './fact-rows.tsx';
import { OrderLink } from './orders-view.tsx';
import { isNotFound, LoadStateCard, NotFoundPage } from './page-states.tsx';
import { SupportReplyForm } from './support-reply-form.tsx';
import { TicketStatusBadge } from './support-tickets-view.tsx';

/** The messages of a ticket, oldest first: the sender's and support's answers. */
function Thread({ ticket }: { ticket: SupportTicket }): ReactNode {
  const { t, i18n } = useTranslation();
  return (
    <ol className="flex flex-col gap-3">
      {ticket.messages.map((message, index) => (
        <li
          // The messages never change order: the position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          key={index}
          data-testid="ticket-message"
          className={cn(
            'rounded-xl border p-4',
            message.author === 'staff' ? 'border-brand/30 bg-brand-soft sm:ml-8' : 'border-line bg-raised',
          )}
        >
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold text-ink">
              {message.author === 'staff'
                ? t('admin.support.author.staff')
                : t('admin.support.author.customer', { name: ticket.name })}
            </span>
            <time dateTime={message.at} className="text-xs text-ink-muted">
              {formatDateTime(message.at, i18n.language)}
            </time>
          </p>
          <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-ink">
            {message.body}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** Who wrote, from which account, about which order, and when. */
function Details({ ticket }: { ticket: SupportTicket }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const rows: [string, ReactNode][] = [
    [t('admin.support.sender'), ticket.name],
    [
      t('admin.support.email'),
      <a key="email" href={`mailto:${ticket.email}`} className="break-all text-brand-strong hover:underline">
        {ticket.email}
      </a>,
    ],
    [
      t('admin.support.account'),
      ticket.customerId === null
        ? t('admin.support.visitor')
        : t('admin.support.customerAccount', { id: ticket.customerId }),
    ],
    [t('admin.support.order'), ticket.orderId === null ? '—' : <OrderLink key="order" id={ticket.orderId} />],
    [t('admin.support.language'), ticket.lang.toUpperCase()],
    [t('admin.support.received'), formatDateTime(ticket.createdAt, locale)],
    [t('admin.support.updated'), formatDateTime(ticket.updatedAt, locale)],
  ];
  return <FactRows rows={rows} layout="side" />;
}

/** /admin/support/:id: one ticket's messages, the answer form, closing, and who wrote it. */
export function SupportTicketView({ id }: { id: number }): ReactNode {
  const { t, i18n } = useTranslation();
  const ticket = useTicket(id);
  const close = useCloseTicket(id);
  const threadHeading = useRef<HTMLHeadingElement>(null);
  const back = <BackLink to={adminPaths.support}>{t('admin.support.backToList')}</BackLink>;

  if (ticket.isPending || ticket.isError) {
    if (isNotFound(ticket.error))
      return (
        <NotFoundPage
          icon={FileX2}
          title={t('admin.support.notFound')}
          body={t('admin.support.notFoundBody')}
          listPath={adminPaths.support}
          backLabel={t('admin.support.backToList')}
        />
      );
    return (
      <>
        <AdminPageHeader title={t('admin.support.title')} back={back} />
        <LoadStateCard
          query={ticket}
          loadingLabel={t('admin.support.loadingOne')}
          failedTitle={t('admin.support.loadFailedOne')}
        />
      </>
    );
  }

  const data = ticket.data;
  const closeTicket = () =>
    close.mutate(undefined, {
      onSuccess: (closed) => {
        showNotice(t('admin.support.closedDone', { number: closed.number }));
        // The button is gone with the open ticket: the focus goes to the messages.
        threadHeading.current?.focus();
      },
    });

  return (
    <>
      <AdminPageHeader
        title={data.subject}
        back={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono">{data.number}</span>
            <TicketStatusBadge status={data.status} />
            <time dateTime={data.createdAt}>{formatDateTime(data.createdAt, i18n.language)}</time>
          </span>
        }
        actions={
          data.status === 'closed' ? null : (
            <Button variant="secondary" onClick={closeTicket} disabled={close.isPending}>
              {close.isPending ? t('admin.support.closing') : t('admin.support.close')}
            </Button>
          )
        }
      />
      {close.isError ? (
        <div className="mb-4">
          <InlineError error={close.error} />
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="ticket-thread" className="flex min-w-0 flex-col gap-4">
          <FocusHeading id="ticket-thread" ref={threadHeading}>
            {t('admin.support.thread')}
          </FocusHeading>
          <Thread ticket={data} />
          <AdminCard>
            <SupportReplyForm ticket={data} />
          </AdminCard>
        </section>
        <AdminCard title={t('admin.support.details')} className="self-start">
          <Details ticket={data} />
        </AdminCard>
      </div>
    </>
  );
}
