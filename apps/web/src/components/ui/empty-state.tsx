import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';
import { type Retryable, RetryButton } from './retry-button.tsx';

export interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  body: ReactNode;
  /** A short label above the heading ('Coming soon', 'Error 404'). */
  eyebrow?: string;
  /** The way forward: a link or a button. */
  children?: ReactNode;
  /** h1 for a whole page, h2 inside one. */
  headingLevel?: 1 | 2;
  tone?: 'neutral' | 'danger';
  className?: string;
}

/** A designed empty, waiting or failure screen: an icon, a heading, one sentence and a way forward. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  eyebrow,
  children,
  headingLevel = 2,
  tone = 'neutral',
  className,
}: EmptyStateProps): ReactNode {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={cn('mx-auto flex max-w-lg flex-col items-center px-4 py-14 text-center sm:py-20', className)}
    >
      <span
        className={cn(
          'mb-6 grid size-16 place-items-center rounded-2xl border',
          tone === 'danger'
            ? 'border-danger/40 bg-danger-soft text-danger'
            : 'border-brand/30 bg-brand-soft text-brand',
        )}
      >
        <Icon aria-hidden="true" className="size-8" strokeWidth={1.75} />
      </span>
      {eyebrow ? (
        <p className="mb-3 rounded-full border border-line bg-raised px-3 py-1 text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {eyebrow}
        </p>
      ) : null}
      <Heading className="text-balance text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        {title}
      </Heading>
      <p className="mt-3 text-pretty text-base leading-relaxed text-ink-muted">{body}</p>
      {children ? (
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{children}</div>
      ) : null}
    </section>
  );
}

/** A load that failed, in place of what it would have shown: the error in words, and a retry. */
export function LoadErrorState({
  query,
  ...state
}: Omit<EmptyStateProps, 'body' | 'tone' | 'children'> & {
  /** The failed query: its error is shown, and the retry runs it again. */
  query: Retryable & { error: unknown };
}): ReactNode {
  return (
    <EmptyState tone="danger" body={getErrorMessage(query.error)} {...state}>
      <RetryButton query={query} />
    </EmptyState>
  );
}
