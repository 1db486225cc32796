import type { ReactNode } from 'react';
import { ProductCreateView } from '../../features/admin/components/product-create-view.tsx';

/** /admin/products/new: a new game. */
export default function AdminProductNewRoute(): ReactNode {
  return <ProductCreateView />;
}
