import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { UnsubscribeView } from '#src/features/wishlist/components/unsubscribe-view.tsx';

/** /wishlist/unsubscribe?token=…: an alert mail's link turns every wishlist alert off, without logging in. */
export default function WishlistUnsubscribeRoute(): ReactNode {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <>
      <DocumentTitle title={t('wishlist.unsubscribe.title')} />
      <UnsubscribeView token={searchParams.get('token')?.trim() ?? ''} />
    </>
  );
}
