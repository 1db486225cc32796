import * as Dialog from '@radix-ui/react-dialog';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

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
