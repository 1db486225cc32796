import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prefetchSupport } from '#src/features/legal/api/prefetch-support.ts';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { SupportContactBox } from '#src/features/legal/components/support-contact-box.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  prefetchSupport(queryClient);
  return null;
};

/** /policy: privacy policy; its rights are used by writing to support, so the ways to do it follow. */
export default function PolicyRoute(): ReactNode {
  return <LegalPage page="policy" backHref={useStoreHref()} footer={<SupportContactBox />} />;
}
