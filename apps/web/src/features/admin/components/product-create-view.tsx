import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateProduct } from '#src/features/admin/api/admin-api.ts';
import { useNoticeAndGo } from '#src/features/admin/hooks/use-notice-and-go.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formToCreateInput } from '#src/features/admin/utils/product-form.ts';
import { FormPage } from './form-page.tsx';
import { ProductForm } from './product-form.tsx';

/** /admin/products/new: a new game (hidden games can be shown later; keys are imported on its page). */
export function ProductCreateView({
  platforms,
}: {
  /** The catalogue's platforms, for the form's suggestions (given by the route). */
  platforms: readonly string[];
}): ReactNode {
  const { t } = useTranslation();
  const noticeAndGo = useNoticeAndGo();
  const create = useCreateProduct();
  return (
    <FormPage
      title={t('admin.products.new')}
      description={t('admin.products.newIntro')}
      listPath={adminPaths.products}
      backLabel={t('admin.products.backToList')}
    >
      <ProductForm
        submitLabel={t('admin.form.create')}
        pendingLabel={t('admin.form.creating')}
        pending={create.isPending}
        error={create.error}
        platforms={platforms}
        onSubmit={(values) =>
          create.mutate(formToCreateInput(values), {
            onSuccess: (product) =>
              noticeAndGo(t('admin.form.created', { title: product.title }), adminPaths.product(product.id)),
          })
        }
      />
    </FormPage>
  );
}
