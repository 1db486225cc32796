import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { menuContentClasses, triggerClasses } from './menu-styles.ts';

/** A selector of the header bar (Radix dropdown): its button, and its menu aligned to the bar's end. */
export function HeaderDropdown({
  defaultOpen,
  label,
  trigger,
  contentClassName,
  children,
}: {
  defaultOpen?: boolean | undefined;
  /** The button's accessible name, when its content does not give one. */
  label?: string;
  trigger: ReactNode;
  contentClassName: string;
  children: ReactNode;
}): ReactNode {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={triggerClasses} aria-label={label}>
        {trigger}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className={`${menuContentClasses} ${contentClassName}`}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
