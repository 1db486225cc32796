import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { AdminTable, Pager, type TableColumn } from './admin-table.tsx';

/**
 * One page of a list the server pages: its loading, failed and empty states, else its table (dimmed
 * while the next page loads) and the pager under it.
 */
export function PagedTable<Item>({
  query,
  texts,
  empty,
  columns,
  page,
  onPage,
  row,
}: {
  query: UseQueryResult<{ items: Item[]; total: number }>;
  texts: { loading: string; failed: string; table: string; pages: string };
  /** What to show when the page has no rows. */
  empty: ReactNode;
  columns: TableColumn[];
  page: number;
  onPage: (page: number) => void;
  /** One item's `<tr>`. */
  row: (item: Item) => ReactNode;
}): ReactNode {
  if (query.isPending) return <LoadingBlock label={texts.loading} />;
  if (query.isError) return <ErrorBlock title={texts.failed} query={query} />;
  if (query.data.items.length === 0) return empty;
  return (
    <>
      <AdminTable label={texts.table} columns={columns} dimmed={query.isPlaceholderData}>
        {query.data.items.map(row)}
      </AdminTable>
      <Pager page={page} total={query.data.total} onPage={onPage} label={texts.pages} />
    </>
  );
}
