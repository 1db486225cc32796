import type { ReactNode } from 'react';
import { AuditView } from '#src/features/admin/components/audit-view.tsx';

/** /admin/audit: the read-only audit trail. */
export default function AdminAuditRoute(): ReactNode {
  return <AuditView />;
}
