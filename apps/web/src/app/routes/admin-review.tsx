import type { ReactNode } from 'react';
import { ReviewView } from '#src/features/admin/components/review-view.tsx';

/** /admin/review: paid orders held by the fraud screening, to approve or cancel; the disputes below. */
export default function AdminReviewRoute(): ReactNode {
  return <ReviewView />;
}
