import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prefetchSupport } from '#src/features/legal/api/prefetch-support.ts';
import { ContactDetails } from '#src/features/legal/components/contact-details.tsx';
import { ContactForm } from '#src/features/legal/components/contact-form.tsx';
import { LegalPage } from '#src/features/legal/components/legal-page.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

export const clientLoader = (queryClient: QueryClient) => async () => {
  prefetchSupport(queryClient, { form: true });
  return null;
};

/** /contactPage: support hours, reply time, the support address and the contact form (#contact-form). */
export default function ContactRoute(): ReactNode {
  return (
    <LegalPage page="contact" backHref={useStoreHref()}>
      <ContactDetails />
      <ContactForm />
    </LegalPage>
  );
}
