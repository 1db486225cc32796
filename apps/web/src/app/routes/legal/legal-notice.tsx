import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prefetchSupport } from '#src/features/legal/api/prefetch-support.ts';
import { CompanyDetails } from '#src/features/legal/components/company-details.tsx';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  prefetchSupport(queryClient);
  return null;
};

/** /legal: the legal notice with the company's details and the support address. */
export default function LegalNoticeRoute(): ReactNode {
  return (
    <LegalPage page="legal" backHref={useStoreHref()}>
      <CompanyDetails />
    </LegalPage>
  );
}
