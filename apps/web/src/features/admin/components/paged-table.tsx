import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { AdminTable, Pager, type TableColumn } from './admin-table.tsx';

/**
 * A list read in one go: its loading, failed and empty states, else its table (dimmed while `dimmed`)
 * and what follows the table (`children`, shown only with it).
 */
export function ListTable<Item>({
  query,
  texts,
  empty,
  columns,
  row,
  dimmed,
  children,
}: {
  query: UseQueryResult<{ items: Item[] }>;
  texts: { loading: string; failed: string; table: string };
  /** What to show when the list has no rows. */
  empty: ReactNode;
  columns: TableColumn[];
  /** One item's `<tr>`. */
  row: (item: Item) => ReactNode;
  dimmed?: boolean;
  children?: ReactNode;
}): ReactNode {
  if (query.isPending) return <LoadingBlock label={texts.loading} />;
  if (query.isError) return <ErrorBlock title={texts.failed} query={query} />;
  if (query.data.items.length === 0) return empty;
  return (
    <>
      <AdminTable label={texts.table} columns={columns} dimmed={dimmed}>
        {query.data.items.map(row)}
      </AdminTable>
      {children}
    </>
  );
}

/**
 * One page of a list the server pages: its loading, failed and empty states, else its table (dimmed
 * while the next page loads) and the pager under it. The texts are those of its section of `admin`
 * (`loading`, `loadFailed`, `tableLabel`, `pages`).
 */
export function PagedTable<Item>({
  section,
  query,
  empty,
  columns,
  page,
  onPage,
  row,
}: {
  section: 'orders' | 'products' | 'customers' | 'keys' | 'audit';
  query: UseQueryResult<{ items: Item[]; total: number }>;
  /** What to show when the page has no rows. */
  empty: ReactNode;
  columns: TableColumn[];
  page: number;
  onPage: (page: number) => void;
  /** One item's `<tr>`. */
  row: (item: Item) => ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <ListTable
      query={query}
      texts={{
        loading: t(`admin.${section}.loading`),
        failed: t(`admin.${section}.loadFailed`),
        table: t(`admin.${section}.tableLabel`),
      }}
      empty={empty}
      columns={columns}
      row={row}
      dimmed={query.isPlaceholderData}
    >
      {query.data ? (
        <Pager page={page} total={query.data.total} onPage={onPage} label={t(`admin.${section}.pages`)} />
      ) : null}
    </ListTable>
  );
}
