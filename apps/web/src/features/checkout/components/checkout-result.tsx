import { History as HistoryIcon, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackToStoreLink } from '#src/components/ui/back-to-store-link.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';

// The pages after a payment (keys delivered, or held for a check): one centred column, an icon over the
// page's heading, and the way on to the order history or back to the store.

/** The centred column of a page after the payment. */
export function ResultPage({ children }: { children: ReactNode }): ReactNode {
  return <div className="mx-auto w-full max-w-2xl px-4 py-10 pb-28 sm:px-6 sm:py-14">{children}</div>;
}

/** The icon and the page's heading, centred, with the sentences under it. */
export function ResultHeading({
  icon: Icon,
  title,
  testId,
  children,
}: {
  icon: LucideIcon;
  title: string;
  testId?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <div data-testid={testId} className="flex flex-col items-center text-center">
      <span className="mb-5 grid size-16 place-items-center rounded-2xl border border-brand/30 bg-brand-soft text-brand">
        <Icon aria-hidden="true" className="size-8" strokeWidth={1.75} />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

/** The way on: to the purchase history, or back to the store. */
export function ResultLinks(): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
      <Link to={paths.history} className={buttonClasses()}>
        <HistoryIcon aria-hidden="true" className="size-4" />
        {t('checkout.toHistory')}
      </Link>
      <BackToStoreLink variant="secondary" />
    </div>
  );
}
