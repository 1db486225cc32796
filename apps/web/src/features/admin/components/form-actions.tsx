import { Save } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { FormMessage } from '#src/components/ui/form-controls.tsx';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';

/** What the page around an admin form gives it: the labels and state of its save, and a way back. */
export interface FormSaveProps {
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The failure of the last save, if any (a field error is shown under its field). */
  error: unknown;
  /** Next to the submit button (a way back). */
  children?: ReactNode;
}

/** The end of an admin form: the failure of its last save (if any), its submit button and what sits beside it. */
function FormActions({ error, pending, submitLabel, pendingLabel, children }: FormSaveProps): ReactNode {
  return (
    <>
      {error ? <FormMessage tone="error">{getErrorMessage(error)}</FormMessage> : null}
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton type="submit" busy={pending} busyLabel={pendingLabel} icon={Save}>
          {submitLabel}
        </BusyButton>
        {children}
      </div>
    </>
  );
}

/**
 * An admin form checked before it is sent: the note on required fields, the fields (`children`), then
 * its actions, with the failure of the last save that no field shows (`error`) and the way back (`back`).
 */
export function AdminForm({
  onSubmit,
  back,
  dense = false,
  children,
  ...save
}: Omit<FormSaveProps, 'children'> & {
  onSubmit: (event: FormEvent) => void;
  back?: ReactNode;
  /** Fields closer together (a form with many). */
  dense?: boolean;
  children: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={cn('flex flex-col', dense ? 'gap-4' : 'gap-5')}
      aria-busy={save.pending || undefined}
    >
      <p className="text-xs text-ink-muted">{t('admin.form.requiredNote')}</p>
      {children}
      <FormActions {...save}>{back}</FormActions>
    </form>
  );
}

/** The way back beside a form's submit button (AdminForm's `back`): to the page it came from, unsaved. */
export function CancelLink({ to, children }: { to: string; children: ReactNode }): ReactNode {
  return (
    <Link to={to} className={buttonClasses({ variant: 'ghost' })}>
      {children}
    </Link>
  );
}
