import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#src/lib/cn.ts';

/** Support's opening hours and reply time, as the footer and the legal pages' support box show them. */
export function SupportHours({ className }: { className?: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <p className={cn('flex items-start gap-2 text-sm text-ink-muted', className)}>
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
      <span>
        {t('footer.supportHours')}
        <br />
        {t('footer.supportReplies')}
      </span>
    </p>
  );
}
