import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button.tsx';

export interface BusyButtonProps extends ButtonProps {
  /** The action is running: the button is disabled and shows a spinner and `busyLabel`. */
  busy: boolean;
  busyLabel: ReactNode;
  /** The icon before the label while the action is not running. */
  icon?: LucideIcon | undefined;
}

/**
 * A button whose action takes a moment (a call to the server): disabled while it runs, its icon then a
 * spinner and its label saying what is happening. `disabled` adds other reasons to wait.
 */
export function BusyButton({
  busy,
  busyLabel,
  icon: Icon,
  disabled,
  children,
  ...props
}: BusyButtonProps): ReactNode {
  return (
    <Button disabled={busy || disabled} {...props}>
      {busy ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : Icon ? (
        <Icon aria-hidden="true" className="size-4" />
      ) : null}
      {busy ? busyLabel : children}
    </Button>
  );
}
