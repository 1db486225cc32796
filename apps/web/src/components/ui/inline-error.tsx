import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { getErrorMessage } from '#src/lib/api-client.ts';

/** A failure shown next to what failed (in a form or dialog), announced at once. */
export function InlineError({ error, children }: { error?: unknown; children?: ReactNode }): ReactNode {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-lg bg-danger-soft px-3 py-2 text-sm text-ink">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <span>{children ?? getErrorMessage(error)}</span>
    </p>
  );
}
