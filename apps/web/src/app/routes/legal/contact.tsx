import type { ReactNode } from 'react';
import { useStoreHref } from '../../../features/auth/hooks/use-store-href.ts';
import { ContactDetails } from '../../../features/legal/components/contact-details.tsx';
import { LegalPage } from '../../../features/legal/components/legal-page.tsx';

/** /contactPage: support hours, reply time and how to reach support. */
export default function ContactRoute(): ReactNode {
  return (
    <LegalPage page="contact" backHref={useStoreHref()}>
      <ContactDetails />
    </LegalPage>
  );
}
