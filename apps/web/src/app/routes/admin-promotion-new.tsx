import type { ReactNode } from 'react';
import { PromotionCreateView } from '#src/features/admin/components/promotion-create-view.tsx';

/** /admin/promotions/new: a new sale. */
export default function AdminPromotionNewRoute(): ReactNode {
  return <PromotionCreateView />;
}
