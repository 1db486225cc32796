import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { EyeOff, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { useAdminProducts } from '#src/features/admin/api/admin-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { AdminPageHeader, Badge, EmptyBlock } from './admin-page.tsx';
import { SearchBox, SearchedList, tdClasses, usePageParam, useSearchText } from './admin-table.tsx';
import { PagedTable } from './paged-table.tsx';

/** A game's title, linking to its page in the back office. */
export function GameLink({ id, title }: { id: number; title: string }): ReactNode {
  return (
    <Link
      to={adminPaths.product(id)}
      className="font-medium text-ink hover:text-brand-strong hover:underline"
    >
      {title}
    </Link>
  );
}

/** /admin/products: every game (hidden ones too), searchable by title, with its key counts. */
export function ProductsView(): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [q, search] = useSearchText();
  const [page, setPage] = usePageParam();
  const products = useAdminProducts(q, page);

  const body = (
    <PagedTable
      section="products"
      query={products}
      empty={
        <EmptyBlock
          action={
            q ? (
              <button
                type="button"
                className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                onClick={() => search('')}
              >
                {t('admin.clearSearch')}
              </button>
            ) : (
              <Link to={adminPaths.newProduct} className={buttonClasses({ size: 'sm' })}>
                {t('admin.products.new')}
              </Link>
            )
          }
        >
          {q ? t('admin.products.noMatch', { q }) : t('admin.products.empty')}
        </EmptyBlock>
      }
      columns={[
        { label: t('admin.products.game') },
        { label: t('admin.products.platform') },
        { label: t('admin.products.price'), numeric: true },
        { label: t('admin.keys.status.available'), numeric: true },
        { label: t('admin.keys.status.reserved'), numeric: true },
        { label: t('admin.keys.status.sold'), numeric: true },
      ]}
      page={page}
      onPage={setPage}
      row={(product) => (
        <tr key={product.id} data-testid="admin-product-row" className="hover:bg-raised/40">
          <td className={tdClasses}>
            <div className="max-w-56 whitespace-normal sm:max-w-xs">
              <GameLink id={product.id} title={product.title} />
              {product.hidden ? (
                <span className="ml-2 inline-flex align-middle">
                  <Badge>
                    <EyeOff aria-hidden="true" className="mr-1 size-3" />
                    {t('admin.products.hidden')}
                  </Badge>
                </span>
              ) : null}
            </div>
          </td>
          <td className={`${tdClasses} text-ink-muted`}>{product.platform}</td>
          <td className={`${tdClasses} text-right tabular-nums`}>
            {formatEuros(roundEurosToCents(product.price), locale)}
          </td>
          <td className={`${tdClasses} text-right tabular-nums`}>
            <span className={product.keys.available === 0 ? 'font-semibold text-danger' : undefined}>
              {formatCount(product.keys.available, locale)}
            </span>
          </td>
          <td className={`${tdClasses} text-right tabular-nums text-ink-muted`}>
            {formatCount(product.keys.reserved, locale)}
          </td>
          <td className={`${tdClasses} text-right tabular-nums text-ink-muted`}>
            {formatCount(product.keys.sold, locale)}
          </td>
        </tr>
      )}
    />
  );

  return (
    <>
      <AdminPageHeader
        title={t('admin.nav.products')}
        description={t('admin.products.intro')}
        actions={
          <Link to={adminPaths.newProduct} className={buttonClasses()}>
            <Plus aria-hidden="true" className="size-4" />
            {t('admin.products.new')}
          </Link>
        }
      />
      <SearchedList
        search={<SearchBox label={t('admin.products.searchLabel')} value={q} onSearch={search} />}
      >
        {body}
      </SearchedList>
    </>
  );
}
