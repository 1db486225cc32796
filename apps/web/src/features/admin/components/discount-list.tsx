import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import type { PromotionStatus } from '#src/features/admin/api/admin-promotions-api.ts';
import { formatTallinn } from '#src/features/admin/utils/promotion-format.ts';
import { AdminCard, AdminPageHeader, EmptyBlock } from './admin-page.tsx';
import { type TableColumn, tdClasses } from './admin-table.tsx';
import { ListTable } from './paged-table.tsx';
import { PromotionStatusBadge } from './promotion-details.tsx';

// The list page of a kind of discount (promotions, coupons) and the parts its rows share. The texts are
// those of its translation section (`section`).

type Section = 'promotions' | 'coupons';

/** A discount as its row needs it. */
interface ListedDiscount {
  id: number;
  name: string;
  status: PromotionStatus;
  startsAt: string;
  endsAt: string;
}

/**
 * The list of one kind of discount, the newest first: its heading with `actions`, then its table, whose
 * first column is the name and last the actions (see DiscountRow); `columns` are those between.
 */
export function DiscountListPage<Item>({
  section,
  query,
  actions,
  emptyAction,
  columns,
  row,
}: {
  section: Section;
  query: UseQueryResult<{ items: Item[] }>;
  actions: ReactNode;
  /** The way forward under "none yet". */
  emptyAction: ReactNode;
  columns: TableColumn[];
  row: (item: Item) => ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <AdminPageHeader title={t(`${section}.title`)} description={t(`${section}.intro`)} actions={actions} />
      <AdminCard bodyClassName="p-0 sm:p-0">
        <ListTable
          query={query}
          texts={{
            loading: t(`${section}.list.loading`),
            failed: t(`${section}.list.loadFailed`),
            table: t(`${section}.list.tableLabel`),
          }}
          empty={<EmptyBlock action={emptyAction}>{t(`${section}.list.empty`)}</EmptyBlock>}
          columns={[
            { label: t(`${section}.list.name`) },
            ...columns,
            { label: t(`${section}.list.actions`), hiddenLabel: true },
          ]}
          row={row}
        />
      </AdminCard>
    </>
  );
}

/**
 * One discount's row: its name (to its page), the cells between (`children`), then "Change" while it
 * is scheduled or "End now" while it runs; once ended, the focus moves to its name.
 */
export function DiscountRow({
  section,
  testId,
  nameId,
  discount,
  to,
  endButton,
  children,
}: {
  section: Section;
  testId: string;
  /** The id of its name's link. */
  nameId: string;
  discount: ListedDiscount;
  /** Its page. */
  to: string;
  endButton: (focusAfter: () => void) => ReactNode;
  children: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <tr data-testid={testId} className="hover:bg-raised/40">
      <td className={tdClasses}>
        <div className="max-w-48 whitespace-normal sm:max-w-xs">
          <Link id={nameId} to={to} className="font-medium text-ink hover:text-brand-strong hover:underline">
            {discount.name}
          </Link>
        </div>
      </td>
      {children}
      <td className={tdClasses}>
        <div className="flex justify-end gap-2">
          {discount.status === 'scheduled' ? (
            <Link
              to={to}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              aria-label={t(`${section}.list.editLabel`, { name: discount.name })}
            >
              {t(`${section}.list.edit`)}
            </Link>
          ) : null}
          {discount.status === 'active' ? endButton(() => document.getElementById(nameId)?.focus()) : null}
        </div>
      </td>
    </tr>
  );
}

/** When a discount runs (Tallinn time), with what else is to say about it (`children`), then its state. */
export function WindowAndStatusCells({
  section,
  discount,
  locale,
  children,
}: {
  section: Section;
  discount: ListedDiscount;
  /** The row's formatting language. */
  locale: string;
  children?: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <td className={`${tdClasses} text-ink-muted`}>
        <span className="block">{formatTallinn(discount.startsAt, locale, t)}</span>
        <span className="block">
          {t(`${section}.list.until`, { end: formatTallinn(discount.endsAt, locale, t) })}
        </span>
        {children}
      </td>
      <td className={tdClasses}>
        <PromotionStatusBadge status={discount.status} />
      </td>
    </>
  );
}
