import type { ReactNode } from 'react';
import { AdminCard, AdminPageHeader, BackLink } from './admin-page.tsx';

/** A page that makes something new (a game, a promotion, coupons): its heading with the way back, its form in a card. */
export function FormPage({
  title,
  description,
  listPath,
  backLabel,
  children,
}: {
  title: string;
  description: string;
  /** The list the page comes from, which its back link leads to. */
  listPath: string;
  backLabel: string;
  /** The form. */
  children: ReactNode;
}): ReactNode {
  return (
    <>
      <AdminPageHeader
        title={title}
        description={description}
        back={<BackLink to={listPath}>{backLabel}</BackLink>}
      />
      <AdminCard className="max-w-3xl">{children}</AdminCard>
    </>
  );
}
