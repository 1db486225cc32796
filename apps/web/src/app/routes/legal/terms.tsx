import type { ReactNode } from 'react';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

/** /terms: terms and conditions. */
export default function TermsRoute(): ReactNode {
  return <LegalPage page="terms" backHref={useStoreHref()} />;
}
