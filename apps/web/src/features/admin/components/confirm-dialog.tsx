import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { dangerClasses } from '#src/components/ui/button.tsx';
import {
  CenteredDialogContent,
  DialogActions,
  useActionDialog,
} from '#src/components/ui/centered-dialog.tsx';

/**
 * A confirmation step before a consequential action: what will happen, optional extra fields, cancel
 * and confirm. The trigger is passed in; the dialog stays open while the call runs and shows its error.
 * Its `open` and `onOpenChange` come from useConfirmOpen (or useActionDialog).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  pending,
  error,
  open,
  onOpenChange,
  tone = 'danger',
  confirmDisabled,
  children,
  testId,
  onCloseAutoFocus,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tone?: 'danger' | 'primary';
  confirmDisabled?: boolean;
  children?: ReactNode;
  testId?: string;
  /** Where the focus goes once the dialog closed (by default back to the trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    // useConfirmOpen keeps it open while the call runs; so does the dialog itself, whoever gives it its state.
    <Dialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <CenteredDialogContent width="lg" testId={testId} onCloseAutoFocus={onCloseAutoFocus}>
        <Dialog.Title className="text-lg font-semibold text-balance text-ink">{title}</Dialog.Title>
        <Dialog.Description asChild>
          <div className="flex flex-col gap-2 text-sm leading-relaxed text-ink-muted">{description}</div>
        </Dialog.Description>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending && !confirmDisabled) onConfirm();
          }}
        >
          {children}
          <DialogActions cancelLabel={t('admin.confirm.back')} busy={pending} error={error}>
            <BusyButton
              type="submit"
              busy={pending}
              busyLabel={pendingLabel}
              disabled={confirmDisabled}
              className={tone === 'danger' ? dangerClasses : undefined}
            >
              {confirmLabel}
            </BusyButton>
          </DialogActions>
        </form>
      </CenteredDialogContent>
    </Dialog.Root>
  );
}

/**
 * Whether a confirmation for one call is open, as ConfirmDialog takes it (`open`, `onOpenChange`): it
 * does not close while the call runs, and closing it forgets the call's last failure. `close` shuts it
 * once the call has succeeded.
 */
export function useConfirmOpen(call: { isPending: boolean; reset: () => void }): {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  close: () => void;
} {
  const { open, setOpen, onOpenChange } = useActionDialog(call);
  return { open, onOpenChange, close: () => setOpen(false) };
}
