import { LayoutDashboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UpcomingPage } from '../../components/layout/upcoming-page.tsx';
import { useStoreHref } from '../../features/auth/hooks/use-store-href.ts';

/** /admin: the admin dashboard (admins only). */
export default function AdminRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <UpcomingPage
      icon={LayoutDashboard}
      title={t('pages.admin.title')}
      body={t('pages.admin.body')}
      backHref={useStoreHref()}
    />
  );
}
