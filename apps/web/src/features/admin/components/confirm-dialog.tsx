import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { CenteredDialogContent } from '#src/components/ui/centered-dialog.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';

/**
 * A confirmation step before a consequential action: what will happen, optional extra fields, cancel
 * and confirm. The trigger is passed in; the dialog stays open while the call runs and shows its error.
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
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        onOpenChange(next);
      }}
    >
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
          {error ? <InlineError error={error} /> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={pending}>
              {t('admin.confirm.back')}
            </Dialog.Close>
            <Button
              type="submit"
              disabled={pending || confirmDisabled}
              className={
                tone === 'danger'
                  ? 'bg-red-600 text-white hover:bg-red-500 disabled:hover:bg-red-600'
                  : undefined
              }
            >
              {pending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </form>
      </CenteredDialogContent>
    </Dialog.Root>
  );
}

/**
 * Whether a confirmation for one call is open, as ConfirmDialog takes it (`open`, `onOpenChange`):
 * closing it forgets the call's last failure. `close` shuts it once the call has succeeded.
 */
export function useConfirmOpen(call: { reset: () => void }): {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  close: () => void;
} {
  const [open, setOpen] = useState(false);
  return {
    open,
    onOpenChange: (next) => {
      if (!next) call.reset();
      setOpen(next);
    },
    close: () => setOpen(false),
  };
}
