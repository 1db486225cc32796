import type { ReactNode } from 'react';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

/** /policy: privacy policy. */
export default function PolicyRoute(): ReactNode {
  return <LegalPage page="policy" backHref={useStoreHref()} />;
}
