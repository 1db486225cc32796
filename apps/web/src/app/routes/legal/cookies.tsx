import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';
import { LegalPage } from '../../../features/legal/components/legal-page.tsx';

/** /cookies: cookie notice (last updated April 2025). */
export default function CookiesRoute(): ReactNode {
  const { t } = useTranslation();
  return <LegalPage page="cookies" backHref={useStoreHref()} updated={t('legal.cookies.date')} />;
}
