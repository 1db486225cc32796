import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The product page's shape while the game loads (same blocks and sizes, so nothing jumps). */
export function ProductSkeleton(): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:px-6 lg:px-8">
      <p role="status" className="sr-only">
        {t('product.loading')}
      </p>
      <div aria-hidden="true">
        <div className="skeleton h-4 w-40 rounded" />
        <div className="skeleton mt-5 h-9 w-3/4 max-w-xl rounded" />
        <div className="skeleton mt-3 h-5 w-32 rounded" />
        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-10">
          <div className="flex flex-col gap-6">
            <div className="skeleton aspect-video rounded-xl" />
            <div className="flex flex-col gap-2">
              <div className="skeleton h-4 w-full rounded" />
              <div className="skeleton h-4 w-11/12 rounded" />
              <div className="skeleton h-4 w-4/5 rounded" />
            </div>
          </div>
          <div className="flex flex-col gap-6">
            <div className="skeleton h-56 rounded-xl" />
            <div className="skeleton h-72 rounded-xl" />
          </div>
        </div>
      </div>
    </div>
  );
}
