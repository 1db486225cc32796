import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, LoaderCircle, Undo2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { CenteredDialogContent } from '#src/components/ui/centered-dialog.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { useWithdrawOrder } from '#src/features/orders/api/orders.ts';
import { useLocale } from '#src/hooks/use-locale.ts';

/**
 * The withdrawal function of an order that still has a right of withdrawal (Directive 2011/83 art. 11a):
 * a clearly labelled button, a confirmation step, then the acknowledgement with date and time.
 */
export function WithdrawDialog({ orderId, total }: { orderId: number; total: number }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const withdraw = useWithdrawOrder();
  const done = withdraw.data;
  const amount = formatEuros(roundEurosToCents(total), locale);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (withdraw.isPending) return;
        setOpen(next);
        if (!next) {
          if (done) void withdraw.refreshHistory();
          withdraw.reset();
        }
      }}
    >
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
            <Dialog.Title className="text-lg font-semibold text-balance text-ink">
              {t('withdrawal.title', { id: orderId })}
            </Dialog.Title>
            <Dialog.Description className="text-sm leading-relaxed text-ink-muted">
              {t('withdrawal.body', { amount })}
            </Dialog.Description>
            {withdraw.isError ? <InlineError error={withdraw.error} /> : null}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={withdraw.isPending}>
                {t('withdrawal.cancel')}
              </Dialog.Close>
              <Button
                data-testid="withdraw-confirm"
                className="bg-red-600 text-white hover:bg-red-500 disabled:hover:bg-red-600"
                disabled={withdraw.isPending}
                onClick={() => withdraw.mutate(orderId)}
              >
                {withdraw.isPending ? (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                ) : null}
                {withdraw.isPending ? t('withdrawal.confirming') : t('withdrawal.confirm')}
              </Button>
            </div>
          </>
        )}
      </CenteredDialogContent>
    </Dialog.Root>
  );
}
