import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, LoaderCircle, Search, TriangleAlert } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { DocumentTitle } from '../../../components/ui/document-title.tsx';
import { InlineError } from '../../../components/ui/inline-error.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { controlClasses } from '../../auth/components/form-controls.tsx';
import { ADMIN_PAGE_SIZE } from '../api/admin-api.ts';
import { formatCount } from '../utils/format.ts';

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

/**
 * A table that scrolls sideways inside its card on narrow screens. The scrolling box is a focusable,
 * labelled region so that keyboard users can scroll it too.
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
    <section aria-label={label} tabIndex={0} className="relative overflow-x-auto overscroll-x-contain">
      {children}
    </section>
  );
}

export const tableClasses = 'w-full min-w-max border-collapse text-left text-sm';
export const thClasses =
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
export function TableHead({ columns }: { columns: TableColumn[] }): ReactNode {
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
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-start gap-3 p-4 sm:p-5">
      <p className="flex items-start gap-2 text-sm text-ink">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
        <span>
          <strong className="font-semibold">{title}</strong> {getErrorMessage(error)}
        </span>
      </p>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? t('common.retrying') : t('common.retry')}
        </Button>
      ) : null}
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
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
              />
              <input
                id={id}
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                aria-describedby={hint ? `${id}-hint` : undefined}
                className={cn(controlClasses, 'pl-9')}
                maxLength={200}
              />
            </div>
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

/**
 * A confirmation step before a consequential action: what will happen, optional extra fields, cancel
 * and confirm. The trigger is passed in; the dialog stays open while the call runs and shows its error.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  pending,
  error,
  open,
  onOpenChange,
  tone = 'danger',
  confirmDisabled,
  children,
  testId,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tone?: 'danger' | 'primary';
  confirmDisabled?: boolean;
  children?: ReactNode;
  testId?: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
      }}
    >
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid={testId}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl border border-line-strong bg-surface p-5 shadow-2xl shadow-black/60 outline-none"
        >
          <Dialog.Title className="text-lg font-semibold text-balance text-ink">{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="flex flex-col gap-2 text-sm leading-relaxed text-ink-muted">{description}</div>
          </Dialog.Description>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!pending && !confirmDisabled) onConfirm();
            }}
          >
            {children}
            {error ? <InlineError error={error} /> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={pending}>
                {t('admin.confirm.back')}
              </Dialog.Close>
              <Button
                type="submit"
                disabled={pending || confirmDisabled}
                className={
                  tone === 'danger'
                    ? 'bg-red-600 text-white hover:bg-red-500 disabled:hover:bg-red-600'
                    : undefined
                }
              >
                {pending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
                {pending ? pendingLabel : confirmLabel}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export { InlineError };
