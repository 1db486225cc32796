import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { CouponEditView } from '#src/features/admin/components/coupon-edit-view.tsx';
import NotFoundRoute from './not-found.tsx';

/** /admin/coupons/:id: one coupon, to change before it starts or to end while it can be used. */
export default function AdminCouponRoute(): ReactNode {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundRoute />;
  return <CouponEditView key={id} id={id} />;
}
