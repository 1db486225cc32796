import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { showNotice } from '#src/components/ui/notice.tsx';
import { useCreateProduct } from '#src/features/admin/api/admin-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formToCreateInput } from '#src/features/admin/utils/product-form.ts';
import { AdminCard, AdminPageHeader } from './admin-page.tsx';
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
export function ProductCreateView({
  platforms,
}: {
  /** The catalogue's platforms, for the form's suggestions (given by the route). */
  platforms: readonly string[];
}): ReactNode {
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
          platforms={platforms}
          onSubmit={(values) =>
            create.mutate(formToCreateInput(values), {
              onSuccess: (product) => {
                showNotice(t('admin.form.created', { title: product.title }));
                void navigate(adminPaths.product(product.id));
              },
            })
          }
        />
      </AdminCard>
    </>
  );
}
