import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { OrderDetailView } from '#src/features/admin/components/order-detail-view.tsx';
import NotFoundRoute from './not-found.tsx';

/** /admin/orders/:id: one order, with the fraud cancellation. */
export default function AdminOrderRoute(): ReactNode {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundRoute />;
  return <OrderDetailView key={id} id={id} />;
}
