import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Ban } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import type { CancelOrderResult } from '#src/features/admin/api/admin-api.ts';
import { useCancelOrder } from '#src/features/admin/api/admin-orders-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/**
 * "Cancel as fraud": a confirmation that says what happens (keys revoked, payment refunded, customer
 * e-mailed) and asks for the reason, which is stored with the cancellation and in the audit trail.
 */
export function CancelOrderDialog({
  orderId,
  total,
  onCancelled,
}: {
  orderId: number;
  total: number;
  onCancelled: (result: CancelOrderResult) => void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const cancel = useCancelOrder(orderId);

  return (
    <ReasonDialog
      testId="cancel-order-dialog"
      trigger={
        <Button className="bg-red-600 text-white hover:bg-red-500">
          <Ban aria-hidden="true" className="size-4" />
          {t('admin.cancel.button')}
        </Button>
      }
      title={t('admin.cancel.title', { id: orderId })}
      intro={t('admin.cancel.intro')}
      consequences={[
        t('admin.cancel.revokes'),
        t('admin.cancel.refunds', { amount: formatEuros(roundEurosToCents(total), i18n.language) }),
        t('admin.cancel.mails'),
      ]}
      confirmLabel={t('admin.cancel.confirm')}
      mutation={cancel}
      onDone={onCancelled}
    />
  );
}
