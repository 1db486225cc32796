import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { AdminCard, ErrorBlock, LoadingBlock } from './admin-page.tsx';

// The queues of cards that wait for a person (key claims, held orders, support tickets): their heading,
// what they show while loading, after a failure and with nothing in them, and the parts of their cards.

/**
 * A queue's list (`list`, given its items), or while it loads or after its load failed a card that says
 * so, or with nothing in it `empty`.
 */
export function CardQueue<Item>({
  query,
  loadingLabel,
  failedTitle,
  empty,
  list,
}: {
  query: UseQueryResult<{ items: Item[] }>;
  loadingLabel: string;
  failedTitle: string;
  empty: ReactNode;
  list: (items: Item[]) => ReactNode;
}): ReactNode {
  if (query.isPending)
    return (
      <AdminCard>
        <LoadingBlock label={loadingLabel} />
      </AdminCard>
    );
  if (query.isError)
    return (
      <AdminCard>
        <ErrorBlock title={failedTitle} query={query} />
      </AdminCard>
    );
  if (query.data.items.length === 0) return empty;
  return list(query.data.items);
}

/** A queue with nothing in it: an icon, what that means (`title`, `body`), and a way on if useful. */
export function EmptyQueue({
  testId,
  icon: Icon,
  title,
  body,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  body?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <div
      data-testid={testId}
      className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-10 text-center"
    >
      <Icon aria-hidden="true" className="size-8 text-brand" strokeWidth={1.75} />
      <p className="font-semibold text-ink">{title}</p>
      {body ? <p className="max-w-md text-sm text-ink-muted">{body}</p> : null}
      {children}
    </div>
  );
}

/**
 * The heading of a queue or a thread, which takes the focus (`ref`) when what had it is gone after a
 * decision.
 */
export function FocusHeading({
  id,
  ref,
  children,
}: {
  id: string;
  ref: Ref<HTMLHeadingElement>;
  children: ReactNode;
}): ReactNode {
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
      {children}
    </h2>
  );
}

/** One labelled fact of a card, inside its `<dl>`: the label on the left, the value on the right. */
export function Fact({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-right break-words text-ink">{children}</dd>
    </div>
  );
}

/** The heading of one part of a card. */
export function SubHeading({ children }: { children: ReactNode }): ReactNode {
  return <h4 className="mb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase">{children}</h4>;
}
