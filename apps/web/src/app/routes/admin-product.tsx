import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { ProductDetailView } from '../../features/admin/components/product-detail-view.tsx';
import NotFoundRoute from './not-found.tsx';

/** /admin/products/:id: one game, its keys and its details. */
export default function AdminProductRoute(): ReactNode {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundRoute />;
  return <ProductDetailView key={id} id={id} />;
}
