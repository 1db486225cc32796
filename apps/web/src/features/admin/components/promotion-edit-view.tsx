import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Promotion,
  usePromotion,
  useUpdatePromotion,
} from '#src/features/admin/api/admin-promotions-api.ts';
import { useNoticeAndGo } from '#src/features/admin/hooks/use-notice-and-go.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { promotionToForm } from '#src/features/admin/utils/promotion-form.ts';
import { DiscountPage, noticeIfStarted } from './discount-page.tsx';
import { EndPromotionButton } from './end-now-button.tsx';
import { CancelLink } from './form-actions.tsx';
import { PromotionDetails } from './promotion-details.tsx';
import { PromotionForm } from './promotion-form.tsx';

/** A promotion not started yet: its form, filled in; once saved, back to the list with a notice. */
function EditPromotion({ promotion }: { promotion: Promotion }): ReactNode {
  const { t } = useTranslation();
  const noticeAndGo = useNoticeAndGo();
  const update = useUpdatePromotion(promotion.id);
  return (
    <PromotionForm
      initial={promotionToForm(promotion)}
      submitLabel={t('promotions.form.save')}
      pendingLabel={t('promotions.form.saving')}
      pending={update.isPending}
      error={update.error}
      onSubmit={(input) =>
        update.mutate(input, {
          onSuccess: (saved) =>
            noticeAndGo(t('promotions.form.saved', { name: saved.name }), adminPaths.promotions),
          onError: noticeIfStarted,
        })
      }
    >
      <CancelLink to={adminPaths.promotions}>{t('promotions.form.cancel')}</CancelLink>
    </PromotionForm>
  );
}

/**
 * /admin/promotions/:id: a promotion not started yet can be changed; a running one is shown read-only
 * with "End now"; an ended one read-only.
 */
export function PromotionEditView({ id }: { id: number }): ReactNode {
  const query = usePromotion(id);
  return (
    <DiscountPage
      section="promotions"
      listPath={adminPaths.promotions}
      query={query}
      form={(promotion) => <EditPromotion key={promotion.id} promotion={promotion} />}
      details={(promotion) => <PromotionDetails promotion={promotion} />}
      endButton={(promotion, focusAfter) => (
        <EndPromotionButton discount={promotion} focusAfter={focusAfter} />
      )}
    />
  );
}
