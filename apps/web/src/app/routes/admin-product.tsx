import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ProductDetailView } from '#src/features/admin/components/product-detail-view.tsx';
import { usePlatforms } from '#src/features/catalogue/api/get-platforms.ts';
import NotFoundRoute from './not-found.tsx';

/** /admin/products/:id: one game, its keys and its details. */
export default function AdminProductRoute(): ReactNode {
  const id = Number(useParams().id);
  const platforms = usePlatforms();
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundRoute />;
  return <ProductDetailView key={id} id={id} platforms={platforms.data ?? []} />;
}
