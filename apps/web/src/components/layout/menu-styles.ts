/** Shared looks of the navigation bar's selectors and their menus. */
export const triggerClasses =
  'inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-line bg-surface px-2.5 text-sm font-medium text-ink ' +
  'transition-colors hover:border-line-strong hover:bg-raised data-[state=open]:border-brand/60 data-[state=open]:bg-raised';

export const menuContentClasses =
  'z-50 min-w-48 rounded-xl border border-line bg-surface p-1.5 shadow-2xl shadow-black/50';

export const menuItemClasses =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-ink outline-none select-none ' +
  'data-[highlighted]:bg-raised data-[highlighted]:text-ink data-[highlighted]:ring-1 data-[highlighted]:ring-brand-strong/60 data-[highlighted]:ring-inset ' +
  'data-[state=checked]:font-semibold';
