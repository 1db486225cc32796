import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePromotion } from '#src/features/admin/api/admin-promotions-api.ts';
import { useNoticeAndGo } from '#src/features/admin/hooks/use-notice-and-go.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { CancelLink } from './form-actions.tsx';
import { FormPage } from './form-page.tsx';
import { PromotionForm } from './promotion-form.tsx';

/** /admin/promotions/new: a new sale; once created, back to the list with a notice. */
export function PromotionCreateView(): ReactNode {
  const { t } = useTranslation();
  const noticeAndGo = useNoticeAndGo();
  const create = useCreatePromotion();
  return (
    <FormPage
      title={t('promotions.new')}
      description={t('promotions.newIntro')}
      listPath={adminPaths.promotions}
      backLabel={t('promotions.backToList')}
    >
      <PromotionForm
        submitLabel={t('promotions.form.create')}
        pendingLabel={t('promotions.form.creating')}
        pending={create.isPending}
        error={create.error}
        onSubmit={(input) =>
          create.mutate(input, {
            onSuccess: (promotion) =>
              noticeAndGo(t('promotions.form.created', { name: promotion.name }), adminPaths.promotions),
          })
        }
      >
        <CancelLink to={adminPaths.promotions}>{t('promotions.form.cancel')}</CancelLink>
      </PromotionForm>
    </FormPage>
  );
}
