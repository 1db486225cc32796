import type { ReactNode } from 'react';

/** The shape of a game card while the catalogue loads (same size, so nothing shifts). */
export function GameCardSkeleton(): ReactNode {
  return (
    <div
      aria-hidden="true"
      className="flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface"
    >
      <div className="skeleton aspect-[3/4]" />
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <div className="skeleton h-4 w-4/5 rounded" />
        <div className="skeleton h-4 w-3/5 rounded" />
        <div className="skeleton mt-1 h-3 w-1/2 rounded" />
        <div className="skeleton h-3 w-2/3 rounded" />
        <div className="mt-auto flex items-end justify-between pt-1">
          <div className="skeleton h-6 w-16 rounded" />
          <div className="skeleton h-5 w-14 rounded" />
        </div>
        <div className="skeleton h-10 w-full rounded-lg" />
      </div>
    </div>
  );
}
