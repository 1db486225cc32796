import { CircleStop } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { type Promotion, useEndPromotion } from '#src/features/admin/api/admin-promotions-api.ts';
import { useFocusAfterDecision } from '#src/hooks/use-focus-after-decision.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * "End now" on a running promotion, confirmed first: its games go back to their regular prices at once.
 * Once it has ended the button is gone, so the focus goes where `focusAfter` says.
 */
export function EndPromotionButton({
  promotion,
  focusAfter,
  size = 'md',
}: {
  promotion: Pick<Promotion, 'id' | 'name'>;
  focusAfter: () => void;
  size?: 'sm' | 'md';
}): ReactNode {
  const { t } = useTranslation();
  const end = useEndPromotion(promotion.id);
  const [open, setOpen] = useState(false);
  const focus = useFocusAfterDecision(focusAfter);
  const name = promotion.name;
  return (
    <ConfirmDialog
      testId="end-promotion-dialog"
      open={open}
      onOpenChange={(next) => {
        if (!next) end.reset();
        setOpen(next);
      }}
      onCloseAutoFocus={focus.onCloseAutoFocus}
      trigger={
        <Button variant="secondary" size={size} aria-label={t('promotions.end.label', { name })}>
          <CircleStop aria-hidden="true" className="size-4" />
          {t('promotions.end.button')}
        </Button>
      }
      title={t('promotions.end.title', { name })}
      description={<p>{t('promotions.end.body')}</p>}
      confirmLabel={t('promotions.end.confirm')}
      pendingLabel={t('promotions.end.pending')}
      pending={end.isPending}
      error={end.error}
      onConfirm={() =>
        end.mutate(undefined, {
          onSuccess: () => {
            focus.markDecided();
            setOpen(false);
            showNotice(t('promotions.end.done', { name }));
          },
        })
      }
    />
  );
}
