import { formatDateTime } from '@keyland/core/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type AuditEntry, useAuditLog } from '#src/features/admin/api/admin-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { AdminCard, AdminPageHeader, EmptyBlock } from './admin-page.tsx';
import { tdClasses, usePageParam } from './admin-table.tsx';
import { PagedTable } from './paged-table.tsx';

function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields that differ between before and after (all fields when one side is missing). */
function changes(entry: AuditEntry): { field: string; before: unknown; after: unknown }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field], after: after[field] }));
}

function Diff({ entry }: { entry: AuditEntry }): ReactNode {
  const { t } = useTranslation();
  const rows = changes(entry);
  if (rows.length === 0) return <span className="text-ink-faint">—</span>;
  return (
    <details className="group max-w-md">
      <summary className="cursor-pointer text-sm font-medium text-brand-strong hover:underline">
        {t('admin.audit.changes', { count: rows.length })}
      </summary>
      <table className="mt-2 w-full border-collapse text-xs">
        <thead>
          <tr className="text-left text-ink-muted">
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t('admin.audit.field')}
            </th>
            <th scope="col" className="py-1 pr-3 font-semibold">
              {t('admin.audit.before')}
            </th>
            <th scope="col" className="py-1 font-semibold">
              {t('admin.audit.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.field} className="border-t border-line align-top">
              <th scope="row" className="py-1 pr-3 font-mono font-normal text-ink-muted">
                {row.field}
              </th>
              <td className="py-1 pr-3 font-mono break-all whitespace-pre-wrap text-danger">
                {show(row.before)}
              </td>
              <td className="py-1 font-mono break-all whitespace-pre-wrap text-brand-strong">
                {show(row.after)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

const actionKeys = {
  'key.reveal': 'admin.audit.actions.keyReveal',
  'keys.import': 'admin.audit.actions.keysImport',
  'order.cancel': 'admin.audit.actions.orderCancel',
  'product.create': 'admin.audit.actions.productCreate',
  'product.update': 'admin.audit.actions.productUpdate',
  'product.hide': 'admin.audit.actions.productHide',
  'product.unhide': 'admin.audit.actions.productUnhide',
  'customer.suspend': 'admin.audit.actions.customerSuspend',
  'customer.reactivate': 'admin.audit.actions.customerReactivate',
  'order.refund.provider': 'admin.refunds.actions.refunded',
  'order.refund.provider.partial': 'admin.refunds.actions.partiallyRefunded',
  'order.dispute.opened': 'admin.refunds.actions.disputeOpened',
  'order.dispute.won': 'admin.refunds.actions.disputeWon',
  'order.dispute.lost': 'admin.refunds.actions.disputeLost',
  'order.dispute.evidence': 'admin.refunds.actions.disputeEvidence',
  'product.detail': 'admin.security.actions.productDetail',
  'product.cover': 'admin.cover.action',
  'totp.enable': 'admin.security.actions.totpEnable',
  'totp.disable': 'admin.security.actions.totpDisable',
  'passkey.add': 'admin.security.actions.passkeyAdd',
  'passkey.remove': 'admin.security.actions.passkeyRemove',
} as const;

const targetKeys = {
  game: 'admin.audit.targets.game',
  product: 'admin.audit.targets.game',
  game_key: 'admin.audit.targets.key',
  order: 'admin.audit.targets.order',
  customer: 'admin.audit.targets.customer',
} as const;

function lookup<T extends Record<string, string>>(map: T, key: string): T[keyof T] | undefined {
  return Object.hasOwn(map, key) ? map[key as keyof T] : undefined;
}

/** Where an entry's target lives in the admin area, when it has a screen. */
function targetHref(entry: AuditEntry): string | null {
  const id = Number(entry.targetId);
  if (!Number.isInteger(id) || id <= 0) return null;
  if (entry.targetType === 'product' || entry.targetType === 'game') return adminPaths.product(id);
  if (entry.targetType === 'order') return adminPaths.order(id);
  return null;
}

/** /admin/audit: every admin action, newest first; read-only by design. */
export function AuditView(): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [page, setPage] = usePageParam();
  const audit = useAuditLog(page);

  const body = (
    <PagedTable
      section="audit"
      query={audit}
      empty={<EmptyBlock>{t('admin.audit.empty')}</EmptyBlock>}
      columns={[
        { label: t('admin.audit.when') },
        { label: t('admin.audit.who') },
        { label: t('admin.audit.what') },
        { label: t('admin.audit.target') },
        { label: t('admin.audit.details') },
      ]}
      page={page}
      onPage={setPage}
      row={(entry) => {
        const href = targetHref(entry);
        const targetKey = lookup(targetKeys, entry.targetType);
        const actionKey = lookup(actionKeys, entry.action);
        const target = `${targetKey ? t(targetKey) : entry.targetType} #${entry.targetId}`;
        return (
          <tr key={entry.id} data-testid="audit-row" className="align-top">
            <td className={`${tdClasses} align-top text-ink-muted`}>
              <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
            </td>
            <td className={`${tdClasses} align-top`}>
              <span className="block">
                {entry.actor === 'payment_provider'
                  ? t('admin.refunds.systemActor')
                  : (entry.adminEmail ?? `#${entry.adminId}`)}
              </span>
              {entry.ip ? <span className="block text-xs text-ink-faint">{entry.ip}</span> : null}
            </td>
            <td className={`${tdClasses} align-top`}>
              <span className="block font-medium">{actionKey ? t(actionKey) : entry.action}</span>
              <code className="block font-mono text-xs text-ink-faint">{entry.action}</code>
            </td>
            <td className={`${tdClasses} align-top`}>
              {href ? (
                <Link to={href} className="text-ink hover:text-brand-strong hover:underline">
                  {target}
                </Link>
              ) : (
                target
              )}
            </td>
            <td className={`${tdClasses} align-top whitespace-normal`}>
              <Diff entry={entry} />
            </td>
          </tr>
        );
      }}
    />
  );

  return (
    <>
      <AdminPageHeader title={t('admin.nav.audit')} description={t('admin.audit.intro')} />
      <AdminCard bodyClassName="p-0 sm:p-0">{body}</AdminCard>
    </>
  );
}
