import type { ReactNode } from 'react';
import { ContactDetails } from '#src/features/legal/components/contact-details.tsx';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

/** /contactPage: support hours, reply time and how to reach support. */
export default function ContactRoute(): ReactNode {
  return (
    <LegalPage page="contact" backHref={useStoreHref()}>
      <ContactDetails />
    </LegalPage>
  );
}
