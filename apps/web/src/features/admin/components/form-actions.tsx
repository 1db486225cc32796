import { LoaderCircle, Save } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { FormMessage } from '#src/components/ui/form-controls.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';

/** The end of an admin form: the failure of its last save (if any), its submit button and what sits beside it. */
export function FormActions({
  error,
  pending,
  submitLabel,
  pendingLabel,
  children,
}: {
  /** A failure no field shows. */
  error: unknown;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  /** Next to the submit button (a way back). */
  children?: ReactNode;
}): ReactNode {
  return (
    <>
      {error ? <FormMessage tone="error">{getErrorMessage(error)}</FormMessage> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {pending ? pendingLabel : submitLabel}
        </Button>
        {children}
      </div>
    </>
  );
}
