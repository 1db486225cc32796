import type { ReactNode } from 'react';
import { SupplierView } from '../../features/supplier/components/supplier-view.tsx';

/** /admin/supplier: the key supplier, its sync runs and a sync on demand. */
export default function AdminSupplierRoute(): ReactNode {
  return <SupplierView />;
}
