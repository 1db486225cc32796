import type { ReactNode } from 'react';
import { DashboardView } from '#src/features/admin/components/dashboard-view.tsx';

/** /admin: the dashboard. */
export default function AdminDashboardRoute(): ReactNode {
  return <DashboardView />;
}
