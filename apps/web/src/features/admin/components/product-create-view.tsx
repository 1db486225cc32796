import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showToast } from '../../auth/components/toast.tsx';
import { useCreateProduct } from '../api/admin-api.ts';
import { adminPaths } from '../paths.ts';
import { formToCreateInput } from '../utils/product-form.ts';
import { AdminCard, AdminPageHeader } from './admin-ui.tsx';
import { ProductForm } from './product-form.tsx';

export function BackLink({ to, children }: { to: string; children: ReactNode }): ReactNode {
  return (
    <Link
      to={to}
      className="inline-flex min-h-9 items-center gap-1.5 self-start rounded-lg text-sm font-medium text-ink-muted hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** /admin/products/new: a new game (hidden games can be shown later; keys are imported on its page). */
export function ProductCreateView(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateProduct();
  return (
    <>
      <AdminPageHeader
        title={t('admin.products.new')}
        description={t('admin.products.newIntro')}
        back={<BackLink to={adminPaths.products}>{t('admin.products.backToList')}</BackLink>}
      />
      <AdminCard className="max-w-3xl">
        <ProductForm
          submitLabel={t('admin.form.create')}
          pendingLabel={t('admin.form.creating')}
          pending={create.isPending}
          error={create.error}
          onSubmit={(values) =>
            create.mutate(formToCreateInput(values), {
              onSuccess: (product) => {
                showToast(t('admin.form.created', { title: product.title }));
                void navigate(adminPaths.product(product.id));
              },
            })
          }
        />
      </AdminCard>
    </>
  );
}
