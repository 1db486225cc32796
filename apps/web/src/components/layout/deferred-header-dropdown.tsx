import type { ReactNode } from 'react';
import type { Deferred } from '#src/components/ui/deferred.ts';
import { DeferredOpener } from '#src/components/ui/deferred-opener.tsx';
import { triggerClasses } from './menu-styles.ts';

/**
 * A selector of the header bar (language, legal and info) whose menu, a `HeaderDropdown`, loads on first
 * use: until then a button of the same look, showing `children`, stands in and opens it.
 */
export function DeferredHeaderDropdown({
  menu,
  label,
  children,
}: {
  menu: Deferred<{ defaultOpen?: boolean }>;
  /** The button's accessible name, when its content does not give one. */
  label?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <DeferredOpener
      preload={menu.preload}
      open={() => <menu.Component defaultOpen />}
      popup="menu"
      className={triggerClasses}
      label={label}
    >
      {children}
    </DeferredOpener>
  );
}
