import { vi } from 'vitest';
import { ProductForm } from '#src/features/admin/components/product-form.tsx';
import type { ProductFormValues } from '#src/features/admin/utils/product-form.ts';
import { renderWithProviders } from '#src/testing/test-utils.tsx';

/** Renders the game form as the product page shows it (Steam only); answers its submit spy. */
export function renderProductForm(initial: ProductFormValues) {
  const onSubmit = vi.fn();
  renderWithProviders(
    <ProductForm
      initial={initial}
      submitLabel="Save changes"
      pendingLabel="Saving…"
      pending={false}
      error={null}
      onSubmit={onSubmit}
      platforms={['Steam']}
    />,
  );
  return onSubmit;
}
