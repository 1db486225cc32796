import { TicketX } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import {
  type Promotion,
  usePromotion,
  useUpdatePromotion,
} from '#src/features/admin/api/admin-promotions-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { promotionToForm } from '#src/features/admin/utils/promotion-form.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { AdminCard, AdminPageHeader, ErrorBlock, LoadingBlock } from './admin-page.tsx';
import { EndPromotionButton } from './end-promotion-button.tsx';
import { BackLink } from './product-create-view.tsx';
import { PromotionDetails, PromotionStatusBadge } from './promotion-details.tsx';
import { PromotionForm } from './promotion-form.tsx';

/** A promotion not started yet: its form, filled in; once saved, back to the list with a notice. */
function EditPromotion({ promotion }: { promotion: Promotion }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
          onSuccess: (saved) => {
            showNotice(t('promotions.form.saved', { name: saved.name }));
            void navigate(adminPaths.promotions);
          },
          // It started meanwhile: the page now shows it read-only, without the form, so the reason
          // goes in a notice.
          onError: (error) => {
            if (error instanceof ApiError && error.error === 'PROMOTION_NOT_EDITABLE')
              showNotice(getErrorMessage(error), 'error');
          },
        })
      }
    >
      <Link to={adminPaths.promotions} className={buttonClasses({ variant: 'ghost' })}>
        {t('promotions.form.cancel')}
      </Link>
    </PromotionForm>
  );
}

/**
 * /admin/promotions/:id: a promotion not started yet can be changed; a running one is shown read-only
 * with "End now"; an ended one read-only.
 */
export function PromotionEditView({ id }: { id: number }): ReactNode {
  const { t } = useTranslation();
  const promotion = usePromotion(id);
  const heading = useRef<HTMLSpanElement>(null);
  const back = <BackLink to={adminPaths.promotions}>{t('promotions.backToList')}</BackLink>;

  if (promotion.isPending || promotion.isError) {
    return (
      <>
        <AdminPageHeader title={t('promotions.detailTitle')} back={back} />
        <AdminCard>
          {promotion.isPending ? (
            <LoadingBlock label={t('promotions.loadingOne')} />
          ) : (
            <ErrorBlock title={t('promotions.list.loadFailed')} query={promotion} />
          )}
        </AdminCard>
      </>
    );
  }
  const sale = promotion.data;
  if (!sale) {
    return (
      <EmptyState icon={TicketX} title={t('promotions.notFound')} body={t('promotions.notFoundBody')}>
        <Link to={adminPaths.promotions} className={buttonClasses()}>
          {t('promotions.backToList')}
        </Link>
      </EmptyState>
    );
  }

  const editable = sale.status === 'scheduled';
  return (
    <>
      <AdminPageHeader
        title={sale.name}
        back={back}
        description={editable ? t('promotions.editIntro') : <PromotionStatusBadge status={sale.status} />}
        actions={
          sale.status === 'active' ? (
            <EndPromotionButton promotion={sale} focusAfter={() => heading.current?.focus()} />
          ) : null
        }
      />
      <AdminCard
        className="max-w-3xl"
        title={
          <span ref={heading} tabIndex={-1} className="outline-none">
            {editable ? t('promotions.editTitle') : t('promotions.detailsTitle')}
          </span>
        }
      >
        {editable ? (
          <EditPromotion key={sale.id} promotion={sale} />
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-ink-muted">
              {sale.status === 'active' ? t('promotions.activeNote') : t('promotions.endedNote')}
            </p>
            <PromotionDetails promotion={sale} />
          </div>
        )}
      </AdminCard>
    </>
  );
}
