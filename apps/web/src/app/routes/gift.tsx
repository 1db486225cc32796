import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { GiftPageView } from '#src/features/gifts/components/gift-page-view.tsx';

/** /gift/<token>: a gift's recipient reveals its keys with the link of their e-mail, without logging in. */
export default function GiftRoute(): ReactNode {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <>
      <DocumentTitle title={t('gifts.page.title')} />
      <meta name="robots" content="noindex" />
      <GiftPageView token={token.trim()} />
    </>
  );
}
