import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

/** /cookies: cookie notice (last updated April 2025). */
export default function CookiesRoute(): ReactNode {
  const { t } = useTranslation();
  return <LegalPage page="cookies" backHref={useStoreHref()} updated={t('legal.cookies.date')} />;
}
