import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { SupportTicketView } from '#src/features/admin/components/support-ticket-view.tsx';
import NotFoundRoute from './not-found.tsx';

/** /admin/support/:id: one support ticket, to answer or close (the forwarded message links here). */
export default function AdminSupportTicketRoute(): ReactNode {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundRoute />;
  return <SupportTicketView key={id} id={id} />;
}
