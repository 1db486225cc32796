import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ClaimFilter, claimFilters, useAdminClaims } from '#src/features/admin/api/admin-claims-api.ts';
import { cn } from '#src/lib/cn.ts';
import { AdminPageHeader, Badge } from './admin-page.tsx';
import { CardQueue, EmptyQueue, FocusHeading } from './card-queue.tsx';
import { ClaimCard } from './claim-card.tsx';

const filterOf = (value: string | null): ClaimFilter =>
  claimFilters.includes(value as ClaimFilter) ? (value as ClaimFilter) : 'open';

/** Open, closed or all claims: three toggle buttons; the choice is kept in the address (`?status=`). */
function ClaimFilterButtons({
  value,
  onChange,
}: {
  value: ClaimFilter;
  onChange: (next: ClaimFilter) => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <fieldset className="inline-flex w-fit rounded-xl border border-line bg-surface p-1">
      <legend className="sr-only">{t('admin.claims.filterLabel')}</legend>
      {claimFilters.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={value === filter}
          onClick={() => onChange(filter)}
          className={cn(
            'min-h-11 min-w-20 rounded-lg px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-strong',
            value === filter
              ? 'bg-brand-soft text-brand-strong'
              : 'text-ink-muted hover:bg-raised hover:text-ink',
          )}
        >
          {t(`admin.claims.filter.${filter}`)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * /admin/claims: the customers' reports of keys that do not work. Open claims come the oldest first
 * with their evidence and the four decisions; closed ones show their outcome.
 */
export function ClaimsView(): ReactNode {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const status = filterOf(params.get('status'));
  const claims = useAdminClaims(status);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusQueue = () => heading.current?.focus();

  const choose = (next: ClaimFilter) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'open') copy.delete('status');
        else copy.set('status', next);
        return copy;
      },
      { replace: true },
    );

  const list = (
    <CardQueue
      query={claims}
      loadingLabel={t('admin.claims.loading')}
      failedTitle={t('admin.claims.loadFailed')}
      empty={
        <EmptyQueue
          testId="claims-empty"
          icon={ShieldCheck}
          title={t(`admin.claims.empty.${status}`)}
          body={t('admin.claims.emptyBody')}
        />
      }
      list={(items) => (
        <ul className="flex flex-col gap-4">
          {items.map((claim) => (
            <li key={claim.id}>
              <ClaimCard claim={claim} focusAfter={focusQueue} />
            </li>
          ))}
        </ul>
      )}
    />
  );

  const label = t(`admin.claims.heading.${status}`);
  const count = claims.data?.items.length;
  const overdue = claims.data?.overdue ?? 0;
  return (
    <>
      <AdminPageHeader title={t('admin.claims.title')} description={t('admin.claims.intro')} />
      <section aria-labelledby="claims-queue" className="flex flex-col gap-3">
        <ClaimFilterButtons value={status} onChange={choose} />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <FocusHeading id="claims-queue" ref={heading}>
            {count === undefined ? label : t('admin.claims.headingCount', { label, number: count })}
          </FocusHeading>
          {overdue > 0 ? (
            <span data-testid="claims-overdue-count">
              <Badge tone="danger">{t('admin.claims.overdueCount', { count: overdue })}</Badge>
            </span>
          ) : null}
        </div>
        {list}
      </section>
    </>
  );
}
