import type { ReactNode } from 'react';
import { ProductsView } from '#src/features/admin/components/products-view.tsx';

/** /admin/products: the games, searchable and paged. */
export default function AdminProductsRoute(): ReactNode {
  return <ProductsView />;
}
