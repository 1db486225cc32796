import type { ReactNode } from 'react';
import { SupportTicketsView } from '#src/features/admin/components/support-tickets-view.tsx';

/** /admin/support: the support tickets sent with the contact form, by status. */
export default function AdminSupportRoute(): ReactNode {
  return <SupportTicketsView />;
}
