import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Eye, EyeOff, PackageX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import {
  type AdminProduct,
  useAdminProduct,
  useSetHidden,
  useUpdateProduct,
} from '#src/features/admin/api/admin-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { formToUpdateInput, productToForm } from '#src/features/admin/utils/product-form.ts';
import { AdminCard, AdminPageHeader, BackLink, Badge } from './admin-page.tsx';
import { CoverUpload } from './cover-upload.tsx';
import { KeyImport } from './key-import.tsx';
import { KeysTable } from './keys-table.tsx';
import { isNotFound, LoadStateCard, NotFoundPage } from './page-states.tsx';
import { ProductForm } from './product-form.tsx';
import { SupplierPriceCard } from './supplier-price-card.tsx';

function KeyCounts({ product }: { product: AdminProduct }): ReactNode {
  const { t, i18n } = useTranslation();
  const counts = [
    ['available', product.keys.available],
    ['reserved', product.keys.reserved],
    ['sold', product.keys.sold],
    ['revoked', product.keys.revoked],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {counts.map(([status, value]) => (
        <div key={status} className="rounded-2xl border border-line bg-surface px-4 py-3">
          <dt className="text-xs text-ink-muted">{t(`admin.keys.status.${status}`)}</dt>
          <dd data-testid={`keys-${status}`} className="text-2xl font-bold text-ink tabular-nums">
            {formatCount(value, i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function HideToggle({ product }: { product: AdminProduct }): ReactNode {
  const { t } = useTranslation();
  const setHidden = useSetHidden(product.id);
  const next = !product.hidden;
  const label = next ? t('admin.products.hide') : t('admin.products.unhide');
  return (
    <div className="flex flex-col items-start gap-2">
      <BusyButton
        variant="secondary"
        busy={setHidden.isPending}
        busyLabel={label}
        icon={next ? EyeOff : Eye}
        onClick={() =>
          setHidden.mutate(next, {
            onSuccess: (saved) =>
              showNotice(
                t(saved.hidden ? 'admin.products.hiddenDone' : 'admin.products.shownDone', {
                  title: saved.title,
                }),
              ),
          })
        }
      >
        {label}
      </BusyButton>
      {setHidden.isError ? <InlineError error={setHidden.error} /> : null}
    </div>
  );
}

function EditProduct({
  product,
  platforms,
}: {
  product: AdminProduct;
  platforms: readonly string[];
}): ReactNode {
  const { t } = useTranslation();
  const update = useUpdateProduct(product.id);
  const initial = productToForm(product);
  return (
    <ProductForm
      // A saved product starts the form again from what the server now holds.
      key={product.updatedAt}
      initial={initial}
      submitLabel={t('admin.form.save')}
      pendingLabel={t('admin.form.saving')}
      pending={update.isPending}
      error={update.error}
      unchangedMessage={t('admin.form.unchanged')}
      platforms={platforms}
      onSubmit={(values) =>
        update.mutate(formToUpdateInput(values, initial), {
          onSuccess: (saved) => showNotice(t('admin.form.saved', { title: saved.title })),
        })
      }
    />
  );
}

/** /admin/products/:id: a game's key stock, key import, masked keys with reveal, edit form, hide/unhide. */
export function ProductDetailView({
  id,
  platforms,
}: {
  id: number;
  /** The catalogue's platforms, for the edit form's suggestions (given by the route). */
  platforms: readonly string[];
}): ReactNode {
  const { t, i18n } = useTranslation();
  const product = useAdminProduct(id);
  const back = <BackLink to={adminPaths.products}>{t('admin.products.backToList')}</BackLink>;

  if (product.isPending || product.isError) {
    if (isNotFound(product.error))
      return (
        <NotFoundPage
          icon={PackageX}
          title={t('admin.products.notFound')}
          body={t('admin.products.notFoundBody')}
          listPath={adminPaths.products}
          backLabel={t('admin.products.backToList')}
        />
      );
    return (
      <>
        <AdminPageHeader title={t('admin.products.detailTitle')} back={back} />
        <LoadStateCard
          query={product}
          loadingLabel={t('admin.products.loadingOne')}
          failedTitle={t('admin.products.loadFailed')}
        />
      </>
    );
  }

  const game = product.data;
  return (
    <>
      <AdminPageHeader
        title={game.title}
        back={back}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{game.platform}</span>
            <span aria-hidden="true">·</span>
            <span className="font-semibold text-brand tabular-nums">
              {formatEuros(roundEurosToCents(game.price), i18n.language)}
            </span>
            {game.hidden ? (
              <Badge>{t('admin.products.hidden')}</Badge>
            ) : (
              <Badge tone="success">{t('admin.products.onSale')}</Badge>
            )}
          </span>
        }
        actions={<HideToggle product={game} />}
      />
      <div className="flex flex-col gap-5">
        <KeyCounts product={game} />
        <AdminCard title={t('admin.cover.title')}>
          <CoverUpload product={game} />
        </AdminCard>
        <SupplierPriceCard gameId={game.id} />
        <AdminCard title={t('admin.import.title')}>
          <KeyImport productId={game.id} platform={game.platform} />
        </AdminCard>
        <AdminCard title={t('admin.keys.title')} bodyClassName="p-0 sm:p-0">
          <KeysTable productId={game.id} />
        </AdminCard>
        <AdminCard title={t('admin.products.editTitle')}>
          <EditProduct product={game} platforms={platforms} />
        </AdminCard>
      </div>
    </>
  );
}
