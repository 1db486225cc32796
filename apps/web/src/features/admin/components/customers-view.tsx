import { formatDateTime } from '@keyland/core/dates';
import { UserCheck, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import type { AdminCustomer } from '#src/features/admin/api/admin-api.ts';
import { useAdminCustomers, useSetSuspended } from '#src/features/admin/api/admin-customers-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { useSession } from '#src/lib/session.ts';
import { AdminPageHeader, Badge, EmptyBlock } from './admin-page.tsx';
import { SearchBox, SearchedList, tdClasses, usePageParam, useSearchText } from './admin-table.tsx';
import { ConfirmDialog, useConfirmOpen } from './confirm-dialog.tsx';
import { PagedTable } from './paged-table.tsx';

/** Suspend or reactivate one account, after a confirmation that says what follows. */
function SuspendToggle({ customer }: { customer: AdminCustomer }): ReactNode {
  const { t } = useTranslation();
  const mutation = useSetSuspended();
  const dialog = useConfirmOpen(mutation);
  const suspend = !customer.suspended;
  const name = customer.fullName || customer.email;
  return (
    <ConfirmDialog
      testId="suspend-dialog"
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button
          variant={suspend ? 'ghost' : 'secondary'}
          size="sm"
          aria-label={t(suspend ? 'admin.customers.suspendLabel' : 'admin.customers.reactivateLabel', {
            email: customer.email,
          })}
          className={suspend ? 'hover:text-danger' : undefined}
        >
          {suspend ? (
            <UserX aria-hidden="true" className="size-4" />
          ) : (
            <UserCheck aria-hidden="true" className="size-4" />
          )}
          {suspend ? t('admin.customers.suspend') : t('admin.customers.reactivate')}
        </Button>
      }
      title={t(suspend ? 'admin.customers.suspendTitle' : 'admin.customers.reactivateTitle', { name })}
      description={
        <p>
          {t(suspend ? 'admin.customers.suspendBody' : 'admin.customers.reactivateBody', {
            email: customer.email,
          })}
        </p>
      }
      tone={suspend ? 'danger' : 'primary'}
      confirmLabel={suspend ? t('admin.customers.suspendConfirm') : t('admin.customers.reactivateConfirm')}
      pendingLabel={t('admin.customers.saving')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() =>
        mutation.mutate(
          { id: customer.id, suspend },
          {
            onSuccess: (result) => {
              dialog.close();
              showNotice(
                result.suspended
                  ? t('admin.customers.suspendedDone', { email: customer.email, count: result.sessionsEnded })
                  : t('admin.customers.reactivatedDone', { email: customer.email }),
              );
            },
          },
        )
      }
    />
  );
}

/** /admin/customers: accounts by e-mail or name; suspend and reactivate (never your own). */
export function CustomersView(): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { user } = useSession();
  const [q, search] = useSearchText();
  const [page, setPage] = usePageParam();
  const customers = useAdminCustomers(q, page);

  const body = (
    <PagedTable
      section="customers"
      query={customers}
      empty={<EmptyBlock>{q ? t('admin.customers.noMatch', { q }) : t('admin.customers.empty')}</EmptyBlock>}
      columns={[
        { label: t('admin.customers.customer') },
        { label: t('admin.customers.state') },
        { label: t('admin.customers.paidOrders'), numeric: true },
        { label: t('admin.customers.since') },
        { label: t('admin.actions'), hiddenLabel: true },
      ]}
      page={page}
      onPage={setPage}
      row={(customer) => {
        const self = user?.email.toLowerCase() === customer.email.toLowerCase();
        return (
          <tr key={customer.id} data-testid="admin-customer-row" className="hover:bg-raised/40">
            <td className={tdClasses}>
              <div className="max-w-48 sm:max-w-none">
                <span className="block font-medium text-ink">{customer.fullName || '—'}</span>
                <span className="block text-xs break-all text-ink-muted">{customer.email}</span>
              </div>
            </td>
            <td className={tdClasses}>
              <span className="flex flex-wrap gap-1.5">
                {customer.suspended ? (
                  <Badge tone="danger">{t('admin.customers.suspended')}</Badge>
                ) : (
                  <Badge tone="success">{t('admin.customers.active')}</Badge>
                )}
                {customer.role === 'admin' ? (
                  <Badge tone="warning">{t('admin.customers.admin')}</Badge>
                ) : null}
                {customer.emailVerified ? null : <Badge>{t('admin.customers.unverified')}</Badge>}
              </span>
            </td>
            <td className={`${tdClasses} text-right tabular-nums`}>
              {formatCount(customer.paidOrders, locale)}
            </td>
            <td className={`${tdClasses} text-ink-muted`}>{formatDateTime(customer.createdAt, locale)}</td>
            <td className={`${tdClasses} text-right`}>
              {self ? (
                <span className="text-xs text-ink-faint">{t('admin.customers.you')}</span>
              ) : (
                <SuspendToggle customer={customer} />
              )}
            </td>
          </tr>
        );
      }}
    />
  );

  return (
    <>
      <AdminPageHeader title={t('admin.nav.customers')} description={t('admin.customers.intro')} />
      <SearchedList
        search={<SearchBox label={t('admin.customers.searchLabel')} value={q} onSearch={search} />}
      >
        {body}
      </SearchedList>
    </>
  );
}
