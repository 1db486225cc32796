import type { ReactNode } from 'react';
import { CouponCreateView } from '#src/features/admin/components/coupon-create-view.tsx';

/** /admin/coupons/generate: a batch of single-use codes, downloaded as CSV. */
export default function AdminCouponGenerateRoute(): ReactNode {
  return <CouponCreateView mode="generate" />;
}
