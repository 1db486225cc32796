import type { ReactNode } from 'react';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';
import { CompanyDetails } from '../../../features/legal/components/company-details.tsx';
import { LegalPage } from '../../../features/legal/components/legal-page.tsx';

/** /legal: the legal notice with the company's details. */
export default function LegalNoticeRoute(): ReactNode {
  return (
    <LegalPage page="legal" backHref={useStoreHref()}>
      <CompanyDetails />
    </LegalPage>
  );
}
