import type { ReactNode } from 'react';
import { PreordersView } from '#src/features/admin/components/preorders-view.tsx';

/** /admin/preorders: the keys owed to paid pre-orders, per game. */
export default function AdminPreordersRoute(): ReactNode {
  return <PreordersView />;
}
