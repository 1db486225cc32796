import type { ReactNode } from 'react';
import { CheckoutSuccessView } from '#src/features/checkout/components/checkout-success-view.tsx';

/** /checkout/success?session_id=…: the paid order and its keys (or, held for a check, when they come). */
export default function CheckoutSuccessRoute(): ReactNode {
  return <CheckoutSuccessView />;
}
