import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { HistoryView } from '../../features/history/components/history-view.tsx';

/** /History: the purchase history with keys (inside the logged-in routes). */
export default function HistoryRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('history.title')} />
      <HistoryView />
    </>
  );
}
