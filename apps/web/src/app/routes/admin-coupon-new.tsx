import type { ReactNode } from 'react';
import { CouponCreateView } from '#src/features/admin/components/coupon-create-view.tsx';

/** /admin/coupons/new: a coupon with a code typed by the admin. */
export default function AdminCouponNewRoute(): ReactNode {
  return <CouponCreateView mode="code" />;
}
