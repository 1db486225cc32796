import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#src/lib/cn.ts';

/** A spinner that always says what is being waited for (announced politely to screen readers). */
export function Spinner({ label, className }: { label: string; className?: string }): ReactNode {
  return (
    <div role="status" aria-live="polite" className={cn('flex items-center gap-3 text-ink-muted', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
