import type { ReactNode } from 'react';
import { OrdersView } from '#src/features/admin/components/orders-view.tsx';

/** /admin/orders: orders by e-mail, id, date range and status. */
export default function AdminOrdersRoute(): ReactNode {
  return <OrdersView />;
}
