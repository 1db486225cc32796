import { CircleStop } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { couponCalls } from '#src/features/admin/api/admin-coupons-api.ts';
import { promotionCalls } from '#src/features/admin/api/admin-promotions-api.ts';
import { type DiscountCalls, useEndDiscount } from '#src/features/admin/api/discount-api.ts';
import { useFocusAfterDecision } from '#src/hooks/use-focus-after-decision.ts';
import { ConfirmDialog, useConfirmOpen } from './confirm-dialog.tsx';

type Section = 'promotions' | 'coupons';

interface EndButtonProps {
  discount: { id: number; name: string };
  focusAfter: () => void;
  size?: 'sm' | 'md';
}

/**
 * "End now" on a running discount (a promotion, a coupon), confirmed first, with the texts of its
 * translation section's `end` group. Once it has ended the button is gone, so the focus goes where
 * `focusAfter` says.
 */
function EndNowButton({
  section,
  testId,
  calls,
  discount,
  focusAfter,
  size = 'md',
}: EndButtonProps & {
  section: Section;
  testId: string;
  /** Its kind's calls, one of which ends it. */
  calls: DiscountCalls;
}): ReactNode {
  const { t } = useTranslation();
  const end = useEndDiscount(calls, discount.id);
  const dialog = useConfirmOpen(end);
  const { name } = discount;
  const focus = useFocusAfterDecision(focusAfter);
  return (
    <ConfirmDialog
      testId={testId}
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onCloseAutoFocus={focus.onCloseAutoFocus}
      trigger={
        <Button variant="secondary" size={size} aria-label={t(`${section}.end.label`, { name })}>
          <CircleStop aria-hidden="true" className="size-4" />
          {t(`${section}.end.button`)}
        </Button>
      }
      title={t(`${section}.end.title`, { name })}
      description={<p>{t(`${section}.end.body`)}</p>}
      confirmLabel={t(`${section}.end.confirm`)}
      pendingLabel={t(`${section}.end.pending`)}
      pending={end.isPending}
      error={end.error}
      onConfirm={() =>
        end.mutate(undefined, {
          onSuccess: () => {
            focus.markDecided();
            dialog.close();
            showNotice(t(`${section}.end.done`, { name }));
          },
        })
      }
    />
  );
}

/** "End now" on a coupon in use: once confirmed, its codes stop working at once. */
export function EndCouponButton(props: EndButtonProps): ReactNode {
  return <EndNowButton section="coupons" testId="end-coupon-dialog" calls={couponCalls} {...props} />;
}

/** "End now" on a running promotion: once confirmed, its games go back to their regular prices at once. */
export function EndPromotionButton(props: EndButtonProps): ReactNode {
  return (
    <EndNowButton section="promotions" testId="end-promotion-dialog" calls={promotionCalls} {...props} />
  );
}
