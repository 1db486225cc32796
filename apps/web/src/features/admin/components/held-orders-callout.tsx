import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHeldOrders } from '#src/features/admin/api/admin-review-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { CalloutLink } from './callout-link.tsx';

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
      <CalloutLink to={adminPaths.review} className="sm:self-auto">
        {t('admin.review.open')}
      </CalloutLink>
    </div>
  );
}
