import type { ReactNode } from 'react';
import { SupplierView } from '#src/features/admin/components/supplier-view.tsx';

/** /admin/supplier: the key supplier, its sync runs and a sync on demand. */
export default function AdminSupplierRoute(): ReactNode {
  return <SupplierView />;
}
