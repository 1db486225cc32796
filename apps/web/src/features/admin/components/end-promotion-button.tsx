import type { ReactNode } from 'react';
import { type Promotion, useEndPromotion } from '#src/features/admin/api/admin-promotions-api.ts';
import { EndNowButton } from './end-now-button.tsx';

/** "End now" on a running promotion: once confirmed, its games go back to their regular prices at once. */
export function EndPromotionButton({
  promotion,
  focusAfter,
  size,
}: {
  promotion: Pick<Promotion, 'id' | 'name'>;
  focusAfter: () => void;
  size?: 'sm' | 'md';
}): ReactNode {
  const end = useEndPromotion(promotion.id);
  return (
    <EndNowButton
      section="promotions"
      testId="end-promotion-dialog"
      name={promotion.name}
      end={end}
      focusAfter={focusAfter}
      size={size}
    />
  );
}
