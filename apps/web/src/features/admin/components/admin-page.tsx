import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { RetryButton } from '#src/components/ui/retry-button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';

// The blocks every admin screen is built of: its heading, titled cards, and what a card shows while
// loading, after a failure or with nothing to list; and the status badges of its rows.

/** The heading of an admin screen (and the tab title), with an optional line and actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <header className="mb-5 flex flex-col gap-3">
      <DocumentTitle title={`${title} · ${t('admin.title')}`} />
      {back}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance break-words text-ink sm:text-3xl">
            {title}
          </h1>
          {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </header>
  );
}

/** The way back from a screen to its list, above its heading (AdminPageHeader's `back`). */
export function BackLink({ to, children }: { to: string; children: ReactNode }): ReactNode {
  return (
    <Link
      to={to}
      className="inline-flex min-h-9 items-center gap-1.5 self-start rounded-lg text-sm font-medium text-ink-muted hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** A titled block of an admin screen. */
export function AdminCard({
  title,
  actions,
  children,
  className,
  bodyClassName,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
}): ReactNode {
  const headingId = useId();
  return (
    <section
      aria-labelledby={title ? headingId : undefined}
      className={cn('min-w-0 rounded-2xl border border-line bg-surface', className)}
    >
      {title ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3 sm:px-5">
          <h2 id={headingId} className="text-base font-semibold text-ink">
            {title}
          </h2>
          {actions}
        </div>
      ) : null}
      <div className={cn('p-4 sm:p-5', bodyClassName)}>{children}</div>
    </section>
  );
}

/** Waiting for data: a spinner that says what for. */
export function LoadingBlock({ label }: { label: string }): ReactNode {
  return (
    <div className="grid min-h-40 place-items-center p-6">
      <Spinner label={label} />
    </div>
  );
}

/** A failed load: what happened, and a retry. */
export function ErrorBlock({
  title,
  query,
}: {
  title: string;
  /** The failed query: its error is shown, and the retry runs it again. */
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}): ReactNode {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 p-4 sm:p-5">
      <p className="flex items-start gap-2 text-sm text-ink">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
        <span>
          <strong className="font-semibold">{title}</strong> {getErrorMessage(query.error)}
        </span>
      </p>
      <RetryButton variant="secondary" size="sm" query={query} />
    </div>
  );
}

/** Nothing to list: a sentence and, when useful, a way forward. */
export function EmptyBlock({ children, action }: { children: ReactNode; action?: ReactNode }): ReactNode {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-10 text-center text-sm text-ink-muted">
      <p>{children}</p>
      {action}
    </div>
  );
}

const badgeTones = {
  neutral: 'border-line-strong bg-raised text-ink-muted',
  success: 'border-brand/40 bg-brand-soft text-brand-strong',
  warning: 'border-amber-400/40 bg-amber-400/10 text-amber-300',
  danger: 'border-danger/40 bg-danger-soft text-danger',
} as const;

export type BadgeTone = keyof typeof badgeTones;

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }): ReactNode {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
        badgeTones[tone],
      )}
    >
      {children}
    </span>
  );
}
