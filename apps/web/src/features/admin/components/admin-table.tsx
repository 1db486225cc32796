import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { ADMIN_PAGE_SIZE } from '#src/features/admin/api/admin-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { AdminCard } from './admin-page.tsx';
import { SearchInput } from './search-input.tsx';

// The admin's lists: a table that scrolls in its card, its header row, the search box above it and the
// pager below it (the page is kept in the address), and the screen that holds a searchable one.

/**
 * A table that scrolls sideways inside its card on narrow screens. The scrolling box is a focusable,
 * labelled region so that keyboard users can scroll it too.
 */
function TableScroller({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className="relative overflow-x-auto overscroll-x-contain">
      {children}
    </section>
  );
}

const tableClasses = 'w-full min-w-max border-collapse text-left text-sm';

const thClasses =
  'border-b border-line bg-raised/60 px-3 py-2.5 text-xs font-semibold tracking-wide text-ink-muted uppercase first:pl-4 last:pr-4 sm:first:pl-5 sm:last:pr-5';

export const tdClasses =
  'border-b border-line px-3 py-3 align-middle text-ink first:pl-4 last:pr-4 sm:first:pl-5 sm:last:pr-5';

export interface TableColumn {
  label: string;
  /** Numbers are right-aligned. */
  numeric?: boolean;
  /** A column without a visible heading (actions): the label is for screen readers only. */
  hiddenLabel?: boolean;
}

/** The header row of an admin table. */
function TableHead({ columns }: { columns: TableColumn[] }): ReactNode {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={column.numeric ? `${thClasses} text-right` : thClasses}
          >
            {column.hiddenLabel ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** An admin table in its scrolling box: the header row, then the rows (dimmed while the next page loads). */
export function AdminTable({
  label,
  columns,
  dimmed,
  children,
}: {
  label: string;
  columns: TableColumn[];
  dimmed?: boolean;
  /** The `<tr>`s. */
  children: ReactNode;
}): ReactNode {
  return (
    <TableScroller label={label}>
      <table className={tableClasses} aria-busy={dimmed || undefined}>
        <TableHead columns={columns} />
        <tbody className={dimmed ? 'opacity-60' : undefined}>{children}</tbody>
      </table>
    </TableScroller>
  );
}

/** The page number of a list, read from and written to the address (?page=). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      },
      { preventScrollReset: true },
    );
  return [page, setPage];
}

/** A list's search text, read from the address (?q=); searching starts again from the first page. */
export function useSearchText(): [string, (text: string) => void] {
  const [params, setParams] = useSearchParams();
  const search = (text: string) => setParams(text ? { q: text } : {}, { preventScrollReset: true });
  return [params.get('q') ?? '', search];
}

/** Previous / next under a table, with "page x of y" and the number of rows. */
export function Pager({
  page,
  total,
  onPage,
  label,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  if (total === 0) return null;
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-ink-muted sm:px-5"
    >
      <p aria-live="polite">
        {t('admin.pager.status', {
          page: formatCount(page, i18n.language),
          pages: formatCount(pages, i18n.language),
          count: total,
          total: formatCount(total, i18n.language),
        })}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t('admin.pager.previous')}
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('admin.pager.next')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}

/** A searchable list's screen under its heading: the search (`search`) in a card, then the list's card. */
export function SearchedList({ search, children }: { search: ReactNode; children: ReactNode }): ReactNode {
  return (
    <div className="flex flex-col gap-4">
      <AdminCard>{search}</AdminCard>
      <AdminCard bodyClassName="p-0 sm:p-0">{children}</AdminCard>
    </div>
  );
}

/** A labelled search box with its own submit button; the list follows on submit. */
export function SearchBox({
  label,
  hint,
  value,
  onSearch,
  children,
}: {
  label: string;
  hint?: string;
  value: string;
  onSearch: (value: string) => void;
  /** Further filters shown next to the box. */
  children?: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <div className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5 md:min-w-64">
            <label htmlFor={id} className="text-sm font-medium text-ink">
              {label}
            </label>
            <SearchInput
              id={id}
              value={text}
              onValue={setText}
              aria-describedby={hint ? `${id}-hint` : undefined}
            />
          </div>
          {children}
          <Button type="submit">{t('admin.search')}</Button>
        </div>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-ink-muted">
            {hint}
          </p>
        ) : null}
      </form>
    </search>
  );
}
