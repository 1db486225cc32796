import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Coupon,
  useCoupon,
  useCouponGames,
  useUpdateCoupon,
} from '#src/features/admin/api/admin-coupons-api.ts';
import { useNoticeAndGo } from '#src/features/admin/hooks/use-notice-and-go.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { couponToForm, formToCouponInput } from '#src/features/admin/utils/coupon-form.ts';
import { LoadingBlock } from './admin-page.tsx';
import { CouponDetails } from './coupon-details.tsx';
import { CouponForm } from './coupon-form.tsx';
import { DiscountPage, noticeIfStarted } from './discount-page.tsx';
import { EndCouponButton } from './end-now-button.tsx';
import { CancelLink } from './form-actions.tsx';

/**
 * A coupon not started yet: its form, filled in once its games' titles are read (a batch of generated
 * codes keeps its codes, so its form has no code); once saved, back to the list with a notice.
 */
function EditCoupon({ coupon }: { coupon: Coupon }): ReactNode {
  const { t } = useTranslation();
  const noticeAndGo = useNoticeAndGo();
  const update = useUpdateCoupon(coupon.id);
  const { games, pending } = useCouponGames(coupon.gameIds);
  if (pending) return <LoadingBlock label={t('coupons.loadingOne')} />;
  const mode = coupon.code === null ? 'batch' : 'code';
  const saved = (changed: Coupon) =>
    noticeAndGo(t('coupons.form.saved', { name: changed.name }), adminPaths.coupons);
  return (
    <CouponForm
      mode={mode}
      initial={couponToForm(coupon, games)}
      batchCodes={coupon.codes}
      submitLabel={t('coupons.form.save')}
      pendingLabel={t('coupons.form.saving')}
      pending={update.isPending}
      error={update.error}
      onSubmit={(values) =>
        update.mutate(formToCouponInput(values, mode), { onSuccess: saved, onError: noticeIfStarted })
      }
    >
      <CancelLink to={adminPaths.coupons}>{t('coupons.form.cancel')}</CancelLink>
    </CouponForm>
  );
}

/**
 * /admin/coupons/:id: a coupon not started yet can be changed; one in use is shown read-only with
 * "End now"; an ended one read-only.
 */
export function CouponEditView({ id }: { id: number }): ReactNode {
  const query = useCoupon(id);
  return (
    <DiscountPage
      section="coupons"
      listPath={adminPaths.coupons}
      query={query}
      form={(coupon) => <EditCoupon key={coupon.id} coupon={coupon} />}
      details={(coupon) => <CouponDetails coupon={coupon} />}
      endButton={(coupon, focusAfter) => <EndCouponButton discount={coupon} focusAfter={focusAfter} />}
    />
  );
}
