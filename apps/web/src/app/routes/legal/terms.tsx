import type { ReactNode } from 'react';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';
import { LegalPage } from '../../../features/legal/components/legal-page.tsx';

/** /terms: terms and conditions. */
export default function TermsRoute(): ReactNode {
  return <LegalPage page="terms" backHref={useStoreHref()} />;
}
