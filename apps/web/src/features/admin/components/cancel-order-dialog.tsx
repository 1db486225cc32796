import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Ban } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { TextAreaField } from '#src/components/ui/form-controls.tsx';
import type { CancelOrderResult } from '#src/features/admin/api/admin-api.ts';
import { useCancelOrder } from '#src/features/admin/api/admin-orders-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

const REASON_MIN = 3;

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
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const cancel = useCancelOrder(orderId);

  return (
    <ConfirmDialog
      testId="cancel-order-dialog"
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          cancel.reset();
          setReasonError(undefined);
        }
        setOpen(next);
      }}
      trigger={
        <Button className="bg-red-600 text-white hover:bg-red-500">
          <Ban aria-hidden="true" className="size-4" />
          {t('admin.cancel.button')}
        </Button>
      }
      title={t('admin.cancel.title', { id: orderId })}
      description={
        <>
          <p>{t('admin.cancel.intro')}</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('admin.cancel.revokes')}</li>
            <li>
              {t('admin.cancel.refunds', { amount: formatEuros(roundEurosToCents(total), i18n.language) })}
            </li>
            <li>{t('admin.cancel.mails')}</li>
          </ul>
          <p className="font-medium text-ink">{t('admin.cancel.final')}</p>
        </>
      }
      confirmLabel={t('admin.cancel.confirm')}
      pendingLabel={t('admin.cancel.cancelling')}
      pending={cancel.isPending}
      error={cancel.error}
      onConfirm={() => {
        if (reason.trim().length < REASON_MIN) {
          setReasonError(t('admin.cancel.reasonRequired', { min: REASON_MIN }));
          document.getElementById(`${id}-reason`)?.focus();
          return;
        }
        cancel.mutate(reason.trim(), {
          onSuccess: (result) => {
            setOpen(false);
            setReason('');
            onCancelled(result);
          },
        });
      }}
    >
      <TextAreaField
        id={`${id}-reason`}
        label={t('admin.cancel.reason')}
        hint={t('admin.cancel.reasonHint')}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(undefined);
        }}
        error={reasonError}
        maxLength={1000}
        rows={3}
        required
      />
    </ConfirmDialog>
  );
}
