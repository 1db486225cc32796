import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { useCreatePromotion } from '#src/features/admin/api/admin-promotions-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { AdminCard, AdminPageHeader } from './admin-page.tsx';
import { BackLink } from './product-create-view.tsx';
import { PromotionForm } from './promotion-form.tsx';

/** /admin/promotions/new: a new sale; once created, back to the list with a notice. */
export function PromotionCreateView(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePromotion();
  return (
    <>
      <AdminPageHeader
        title={t('promotions.new')}
        description={t('promotions.newIntro')}
        back={<BackLink to={adminPaths.promotions}>{t('promotions.backToList')}</BackLink>}
      />
      <AdminCard className="max-w-3xl">
        <PromotionForm
          submitLabel={t('promotions.form.create')}
          pendingLabel={t('promotions.form.creating')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: (promotion) => {
                showNotice(t('promotions.form.created', { name: promotion.name }));
                void navigate(adminPaths.promotions);
              },
            })
          }
        >
          <Link to={adminPaths.promotions} className={buttonClasses({ variant: 'ghost' })}>
            {t('promotions.form.cancel')}
          </Link>
        </PromotionForm>
      </AdminCard>
    </>
  );
}
