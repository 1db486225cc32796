import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PromotionEditView } from '#src/features/admin/components/promotion-edit-view.tsx';
import NotFoundRoute from './not-found.tsx';

/** /admin/promotions/:id: one sale, to change before it starts or to end while it runs. */
export default function AdminPromotionRoute(): ReactNode {
  const id = Number(useParams().id);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundRoute />;
  return <PromotionEditView key={id} id={id} />;
}
