import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { cn } from '#src/lib/cn.ts';
import { buttonClasses } from './button.tsx';
import { InlineError } from './inline-error.tsx';

const widths = {
  sm: 'w-[min(26rem,calc(100vw-2rem))]',
  md: 'w-[min(28rem,calc(100vw-2rem))]',
  lg: 'w-[min(30rem,calc(100vw-2rem))]',
} as const;

/**
 * The dimmed backdrop and the centred card of a confirmation dialog (withdrawal, deleting an order or the
 * account, the back office's confirmations). It scrolls within the screen when its content is taller.
 */
export function CenteredDialogContent({
  width = 'md',
  testId,
  onCloseAutoFocus,
  children,
}: {
  width?: keyof typeof widths;
  testId?: string;
  onCloseAutoFocus?: ComponentProps<typeof Dialog.Content>['onCloseAutoFocus'];
  children: ReactNode;
}): ReactNode {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px]" />
      <Dialog.Content
        data-testid={testId}
        onCloseAutoFocus={onCloseAutoFocus}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl border border-line-strong bg-surface p-5 shadow-2xl shadow-black/60 outline-none',
          widths[width],
        )}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/**
 * The open state of a dialog that runs an action (a mutation): it does not close while the action runs,
 * and closing it forgets the action's outcome, after `onClosed` (if given) has looked at it.
 */
export function useActionDialog(action: { isPending: boolean; reset: () => void }, onClosed?: () => void) {
  const [open, setOpen] = useState(false);
  const onOpenChange = (next: boolean) => {
    if (action.isPending) return;
    setOpen(next);
    if (!next) {
      onClosed?.();
      action.reset();
    }
  };
  return { open, setOpen, onOpenChange };
}

/** The small button that opens a delete confirmation: a bin, with its word from 640 px; `label` names it in full. */
export function DeleteDialogTrigger({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <Dialog.Trigger
      aria-label={label}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'hover:text-danger' })}
    >
      <Trash2 aria-hidden="true" className="size-4" />
      <span className="hidden sm:inline">{children}</span>
    </Dialog.Trigger>
  );
}

/** The heading of a confirmation dialog and the sentence under it, which Radix names the dialog by. */
export function DialogHeading({ title, children }: { title: ReactNode; children: ReactNode }): ReactNode {
  return (
    <>
      <Dialog.Title className="text-lg font-semibold text-balance text-ink">{title}</Dialog.Title>
      <Dialog.Description className="text-sm leading-relaxed text-ink-muted">{children}</Dialog.Description>
    </>
  );
}

/**
 * The foot of a confirmation dialog: the failure of its action (if any, announced at once), a Cancel that
 * closes the dialog (disabled while the action runs, `busy`), then the action's button. On phones the
 * action comes first, above Cancel.
 */
export function DialogActions({
  cancelLabel,
  busy,
  error,
  children,
}: {
  cancelLabel: string;
  busy?: boolean;
  error?: unknown;
  children: ReactNode;
}): ReactNode {
  return (
    <>
      {error ? <InlineError error={error} /> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={busy}>
          {cancelLabel}
        </Dialog.Close>
        {children}
      </div>
    </>
  );
}
