import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from './button.tsx';

/** What a retry needs of a failed query: running it again, and whether it runs. */
export interface Retryable {
  refetch: () => unknown;
  isFetching: boolean;
}

/** "Retry" after a failed load: runs the query again, disabled and saying so while it runs. */
export function RetryButton({
  query,
  icon: Icon,
  ...props
}: Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & {
  query: Retryable;
  /** An icon before the label. */
  icon?: LucideIcon;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Button onClick={() => void query.refetch()} disabled={query.isFetching} {...props}>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {query.isFetching ? t('common.retrying') : t('common.retry')}
    </Button>
  );
}
