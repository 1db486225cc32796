import { ArrowRight, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHeldOrders } from '#src/features/admin/api/admin-review-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';

/** On the dashboard: how many paid orders wait for a fraud review, with the way to them (nothing when none). */
export function HeldOrdersCallout(): ReactNode {
  const { t } = useTranslation();
  const held = useHeldOrders();
  const count = held.data?.items.length ?? 0;
  if (count === 0) return null;
  return (
    <div
      data-testid="held-orders-callout"
      className="flex flex-col gap-3 rounded-2xl border border-amber-400/40 bg-amber-400/10 p-4 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 font-medium">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
        {t('admin.review.waiting', { number: count })}
      </p>
      <Link
        to={adminPaths.review}
        className="inline-flex items-center gap-1.5 self-start font-semibold text-brand-strong underline-offset-4 hover:underline sm:self-auto"
      >
        {t('admin.review.open')}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
