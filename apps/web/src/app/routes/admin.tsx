import type { ReactNode } from 'react';
import { AdminLayout } from '#src/features/admin/components/admin-layout.tsx';

/** /admin/*: the admin area's navigation around its screens (admins only, see RequireAdmin). */
export default function AdminRoute(): ReactNode {
  return <AdminLayout />;
}
