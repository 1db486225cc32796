import type { ReactNode } from 'react';
import { SecurityView } from '#src/features/admin/components/security-view.tsx';

/** /admin/security: the admin's second factor. */
export default function AdminSecurityRoute(): ReactNode {
  return <SecurityView />;
}
