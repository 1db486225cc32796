import type { ReactNode } from 'react';
import { CompanyDetails } from '#src/features/legal/components/company-details.tsx';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

/** /legal: the legal notice with the company's details. */
export default function LegalNoticeRoute(): ReactNode {
  return (
    <LegalPage page="legal" backHref={useStoreHref()}>
      <CompanyDetails />
    </LegalPage>
  );
}
