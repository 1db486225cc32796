import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { CenteredDialogContent } from '#src/components/ui/centered-dialog.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { useDeleteOrder } from '#src/features/orders/api/orders.ts';

/** The delete button of an order, with a confirmation step before anything is sent. */
export function DeleteOrderDialog({ orderId }: { orderId: number }): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const remove = useDeleteOrder();

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        if (!next) remove.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger
        aria-label={t('history.deleteLabel', { id: orderId })}
        className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'hover:text-danger' })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">{t('history.delete')}</span>
      </Dialog.Trigger>
      <CenteredDialogContent width="sm" testId="delete-order-dialog">
        <Dialog.Title className="text-lg font-semibold text-balance text-ink">
          {t('history.confirmTitle', { id: orderId })}
        </Dialog.Title>
        <Dialog.Description className="text-sm leading-relaxed text-ink-muted">
          {t('history.confirmBody')}
        </Dialog.Description>
        {remove.isError ? <InlineError error={remove.error} /> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={remove.isPending}>
            {t('history.keep')}
          </Dialog.Close>
          <Button
            className="bg-red-600 text-white hover:bg-red-500 disabled:hover:bg-red-600"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(orderId, {
                onSuccess: () => {
                  setOpen(false);
                  showNotice(t('history.deleted', { id: orderId }));
                },
              })
            }
          >
            {remove.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" className="size-4" />
            )}
            {remove.isPending ? t('history.deleting') : t('history.confirmDelete')}
          </Button>
        </div>
      </CenteredDialogContent>
    </Dialog.Root>
  );
}
