import type { ReactNode } from 'react';
import { CustomersView } from '#src/features/admin/components/customers-view.tsx';

/** /admin/customers: accounts, with suspend and reactivate. */
export default function AdminCustomersRoute(): ReactNode {
  return <CustomersView />;
}
