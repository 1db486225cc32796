import type { ReactNode } from 'react';
import { type Coupon, useEndCoupon } from '#src/features/admin/api/admin-coupons-api.ts';
import { EndNowButton } from './end-now-button.tsx';

/** "End now" on a coupon in use: once confirmed, its codes stop working at once. */
export function EndCouponButton({
  coupon,
  focusAfter,
  size,
}: {
  coupon: Pick<Coupon, 'id' | 'name'>;
  focusAfter: () => void;
  size?: 'sm' | 'md';
}): ReactNode {
  const end = useEndCoupon(coupon.id);
  return (
    <EndNowButton
      section="coupons"
      testId="end-coupon-dialog"
      name={coupon.name}
      end={end}
      focusAfter={focusAfter}
      size={size}
    />
  );
}
