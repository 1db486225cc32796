import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageItems } from '#src/features/catalogue/utils/page-numbers.ts';
import { cn } from '#src/lib/cn.ts';

export interface PaginationProps {
  page: number;
  totalPages: number;
  /** The address of a page, keeping the current filters. */
  hrefFor: (page: number) => string;
  label: string;
}

const cell =
  'inline-flex min-h-10 min-w-8 items-center justify-center rounded-lg px-1.5 text-sm font-medium tabular-nums transition-colors sm:min-w-10 sm:px-2';
const idle = 'border border-line bg-surface text-ink hover:border-line-strong hover:bg-raised';
const disabled = 'border border-line bg-canvas text-ink-faint';

function StepLink({
  to,
  enabled,
  label,
  direction,
}: {
  to: string;
  enabled: boolean;
  /** What the link shows, and so its name (WCAG 2.5.3, label in name). */
  label: string;
  direction: 'previous' | 'next';
}): ReactNode {
  const icon =
    direction === 'previous' ? (
      <ChevronLeft aria-hidden="true" className="size-4" />
    ) : (
      <ChevronRight aria-hidden="true" className="size-4" />
    );
  const content = (
    <>
      {direction === 'previous' ? icon : null}
      <span>{label}</span>
      {direction === 'next' ? icon : null}
    </>
  );
  const place = direction === 'previous' ? 'justify-self-start' : 'col-start-2 row-start-1 justify-self-end';
  if (!enabled) {
    return (
      // Nothing before the first page or after the last: shown for balance, hidden from assistive technology.
      <span aria-hidden="true" className={cn(cell, disabled, place, 'gap-1 px-3')}>
        {content}
      </span>
    );
  }
  return (
    <Link
      to={to}
      preventScrollReset
      rel={direction === 'previous' ? 'prev' : 'next'}
      className={cn(cell, idle, place, 'gap-1 px-3')}
    >
      {content}
    </Link>
  );
}

/** Previous and next, the pages within 2 of the current one, and the first and last page with ellipses. */
export function Pagination({ page, totalPages, hrefFor, label }: PaginationProps): ReactNode {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const items = pageItems(page, totalPages);

  return (
    <nav
      aria-label={label}
      className="grid grid-cols-2 items-center gap-x-2 gap-y-3 sm:flex sm:justify-center sm:gap-2"
    >
      <StepLink
        to={hrefFor(page - 1)}
        enabled={page > 1}
        label={t('pagination.previous')}
        direction="previous"
      />
      <ul className="col-span-2 row-start-2 flex flex-wrap items-center justify-center gap-1 sm:gap-1.5">
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={`gap-${item.key}`} aria-hidden="true" className="px-0.5 text-sm text-ink-faint">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.page === page ? (
                <Link
                  to={hrefFor(item.page)}
                  preventScrollReset
                  aria-current="page"
                  aria-label={t('pagination.page', { page: item.page })}
                  className={cn(cell, 'bg-brand text-on-brand')}
                >
                  {item.page}
                </Link>
              ) : (
                <Link
                  to={hrefFor(item.page)}
                  preventScrollReset
                  aria-label={t('pagination.page', { page: item.page })}
                  className={cn(cell, idle)}
                >
                  {item.page}
                </Link>
              )}
            </li>
          ),
        )}
      </ul>
      <StepLink
        to={hrefFor(page + 1)}
        enabled={page < totalPages}
        label={t('pagination.next')}
        direction="next"
      />
    </nav>
  );
}
