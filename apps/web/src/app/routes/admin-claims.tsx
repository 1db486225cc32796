import type { ReactNode } from 'react';
import { ClaimsView } from '#src/features/admin/components/claims-view.tsx';

/** /admin/claims: the customers' reports of keys that do not work, to replace, refund or reject. */
export default function AdminClaimsRoute(): ReactNode {
  return <ClaimsView />;
}
