import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { dangerClasses } from '#src/components/ui/button.tsx';
import {
  CenteredDialogContent,
  DeleteDialogTrigger,
  DialogActions,
  DialogHeading,
  useActionDialog,
} from '#src/components/ui/centered-dialog.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { useDeleteOrder } from '#src/features/orders/api/orders.ts';

/** The delete button of an order, with a confirmation step before anything is sent. */
export function DeleteOrderDialog({ orderId }: { orderId: number }): ReactNode {
  const { t } = useTranslation();
  const remove = useDeleteOrder();
  const { open, setOpen, onOpenChange } = useActionDialog(remove);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DeleteDialogTrigger label={t('history.deleteLabel', { id: orderId })}>
        {t('history.delete')}
      </DeleteDialogTrigger>
      <CenteredDialogContent width="sm" testId="delete-order-dialog">
        <DialogHeading title={t('history.confirmTitle', { id: orderId })}>
          {t('history.confirmBody')}
        </DialogHeading>
        <DialogActions cancelLabel={t('history.keep')} busy={remove.isPending} error={remove.error}>
          <BusyButton
            className={dangerClasses}
            busy={remove.isPending}
            busyLabel={t('history.deleting')}
            icon={Trash2}
            onClick={() =>
              remove.mutate(orderId, {
                onSuccess: () => {
                  setOpen(false);
                  showNotice(t('history.deleted', { id: orderId }));
                },
              })
            }
          >
            {t('history.confirmDelete')}
          </BusyButton>
        </DialogActions>
      </CenteredDialogContent>
    </Dialog.Root>
  );
}
