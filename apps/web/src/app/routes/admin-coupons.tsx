import type { ReactNode } from 'react';
import { CouponsView } from '#src/features/admin/components/coupons-view.tsx';

/** /admin/coupons: the coupons, planned, in use and ended. */
export default function AdminCouponsRoute(): ReactNode {
  return <CouponsView />;
}
