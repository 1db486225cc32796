import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title for the current page (React hoists <title> into the document head). */
export function DocumentTitle({ title }: { title: string }): ReactNode {
  const { t } = useTranslation();
  return <title>{t('meta.titleTemplate', { page: title })}</title>;
}
