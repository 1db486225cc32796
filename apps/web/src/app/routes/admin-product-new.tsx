import type { ReactNode } from 'react';
import { ProductCreateView } from '#src/features/admin/components/product-create-view.tsx';
import { usePlatforms } from '#src/features/catalogue/api/get-platforms.ts';

/** /admin/products/new: a new game, its platform suggested from the catalogue's. */
export default function AdminProductNewRoute(): ReactNode {
  const platforms = usePlatforms();
  return <ProductCreateView platforms={platforms.data ?? []} />;
}
