import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { buttonClasses, dangerClasses } from '#src/components/ui/button.tsx';
import {
  CenteredDialogContent,
  DialogActions,
  DialogHeading,
  useActionDialog,
} from '#src/components/ui/centered-dialog.tsx';
import { useWithdrawOrder } from '#src/features/orders/api/orders.ts';
import { useLocale } from '#src/hooks/use-locale.ts';

/**
 * The withdrawal function of an order that still has a right of withdrawal (Directive 2011/83 art. 11a):
 * a clearly labelled button, a confirmation step, then the acknowledgement with date and time.
 */
export function WithdrawDialog({ orderId, total }: { orderId: number; total: number }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const withdraw = useWithdrawOrder();
  const done = withdraw.data;
  const amount = formatEuros(roundEurosToCents(total), locale);
  // Closing after the acknowledgement reads the history again (the order now shows as withdrawn).
  const { open, onOpenChange } = useActionDialog(withdraw, () => {
    if (done) void withdraw.refreshHistory();
  });

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger
        data-testid="withdraw-button"
        aria-label={t('withdrawal.buttonLabel', { id: orderId })}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        <Undo2 aria-hidden="true" className="size-4" />
        {t('withdrawal.button')}
      </Dialog.Trigger>
      <CenteredDialogContent width="md" testId="withdraw-dialog">
        {done ? (
          <>
            <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-ink">
              <CircleCheck aria-hidden="true" className="size-5 text-brand" />
              {t('withdrawal.doneTitle')}
            </Dialog.Title>
            <div
              role="status"
              data-testid="withdraw-ack"
              className="flex flex-col gap-2 text-sm leading-relaxed text-ink-muted"
            >
              <Dialog.Description>
                {t('withdrawal.doneBody', {
                  id: orderId,
                  at: formatDateTime(done.withdrawnAt, locale, 'precise'),
                  amount: formatEuros(roundEurosToCents(done.refunded), locale),
                })}
              </Dialog.Description>
              {done.refundPending ? <p>{t('withdrawal.refundPending')}</p> : null}
              <p>{t('withdrawal.doneMail')}</p>
            </div>
            <div className="flex justify-end">
              <Dialog.Close className={buttonClasses({ variant: 'primary' })}>
                {t('withdrawal.close')}
              </Dialog.Close>
            </div>
          </>
        ) : (
          <>
            <DialogHeading title={t('withdrawal.title', { id: orderId })}>
              {t('withdrawal.body', { amount })}
            </DialogHeading>
            <DialogActions
              cancelLabel={t('withdrawal.cancel')}
              busy={withdraw.isPending}
              error={withdraw.error}
            >
              <BusyButton
                data-testid="withdraw-confirm"
                className={dangerClasses}
                busy={withdraw.isPending}
                busyLabel={t('withdrawal.confirming')}
                onClick={() => withdraw.mutate(orderId)}
              >
                {t('withdrawal.confirm')}
              </BusyButton>
            </DialogActions>
          </>
        )}
      </CenteredDialogContent>
    </Dialog.Root>
  );
}
