import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { ApiError } from '#src/lib/api-client.ts';
import { AdminCard, ErrorBlock, LoadingBlock } from './admin-page.tsx';

// What the page of one thing (an order, a game, a ticket, a discount) shows before it has it.

/**
 * The card of a page while its thing loads, or after the load failed (with a retry). The page draws its
 * heading above it itself, as it does once loaded: the same heading element in every state, so the
 * heading the focus moved to on arrival keeps it when the data comes.
 */
export function LoadStateCard({
  query,
  loadingLabel,
  failedTitle,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown; isFetching: boolean };
  loadingLabel: string;
  failedTitle: string;
}): ReactNode {
  return (
    <AdminCard>
      {query.isPending ? (
        <LoadingBlock label={loadingLabel} />
      ) : (
        <ErrorBlock title={failedTitle} query={query} />
      )}
    </AdminCard>
  );
}

/** The page of a thing that is not there: what that means, and the way back to its list. */
export function NotFoundPage({
  icon,
  title,
  body,
  listPath,
  backLabel,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  listPath: string;
  backLabel: string;
}): ReactNode {
  return (
    <EmptyState icon={icon} title={title} body={body}>
      <Link to={listPath} className={buttonClasses()}>
        {backLabel}
      </Link>
    </EmptyState>
  );
}

/** Whether a load failed because there is nothing with that id. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
