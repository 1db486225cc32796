import type { ReactNode } from 'react';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';
import { LegalPage } from '../../../features/legal/components/legal-page.tsx';

/** /policy: privacy policy. */
export default function PolicyRoute(): ReactNode {
  return <LegalPage page="policy" backHref={useStoreHref()} />;
}
