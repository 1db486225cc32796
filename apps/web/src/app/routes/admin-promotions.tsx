import type { ReactNode } from 'react';
import { PromotionsView } from '#src/features/admin/components/promotions-view.tsx';

/** /admin/promotions: the sales, planned, running and ended. */
export default function AdminPromotionsRoute(): ReactNode {
  return <PromotionsView />;
}
