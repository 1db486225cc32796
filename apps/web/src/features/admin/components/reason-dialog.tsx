import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionDialog } from '#src/components/ui/centered-dialog.tsx';
import { TextAreaField } from '#src/components/ui/form-controls.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

const REASON_MIN = 3;

/**
 * Cancelling and refunding an order: a confirmation that says what happens and asks for the reason,
 * which is required and stored with the cancellation and in the audit log. The call gets the reason.
 */
export function ReasonDialog<Result>({
  testId,
  trigger,
  title,
  intro,
  consequences,
  confirmLabel,
  mutation,
  onDone,
  onCloseAutoFocus,
  reasonLabel,
  reasonHint,
  pendingLabel,
}: {
  testId: string;
  trigger: ReactNode;
  title: string;
  intro: string;
  /** What confirming does, one list item each. */
  consequences: string[];
  confirmLabel: string;
  mutation: UseMutationResult<Result, Error, string>;
  /** After the call succeeded and the dialog closed. */
  onDone: (result: Result) => void;
  /** Where the focus goes once the dialog closed (by default back to the trigger). */
  onCloseAutoFocus?: (event: Event) => void;
  /** The reason field's label and hint, and the button while sending (a cancellation's by default). */
  reasonLabel?: string;
  reasonHint?: string;
  pendingLabel?: string;
}): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const { open, setOpen, onOpenChange } = useActionDialog(mutation, () => setReasonError(undefined));

  return (
    <ConfirmDialog
      testId={testId}
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      trigger={trigger}
      title={title}
      description={
        <>
          <p>{intro}</p>
          <ul className="list-disc space-y-1 pl-5">
            {consequences.map((consequence) => (
              <li key={consequence}>{consequence}</li>
            ))}
          </ul>
          <p className="font-medium text-ink">{t('admin.cancel.final')}</p>
        </>
      }
      confirmLabel={confirmLabel}
      pendingLabel={pendingLabel ?? t('admin.cancel.cancelling')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (reason.trim().length < REASON_MIN) {
          setReasonError(t('admin.cancel.reasonRequired', { min: REASON_MIN }));
          document.getElementById(`${id}-reason`)?.focus();
          return;
        }
        mutation.mutate(reason.trim(), {
          onSuccess: (result) => {
            setOpen(false);
            setReason('');
            onDone(result);
          },
        });
      }}
    >
      <TextAreaField
        id={`${id}-reason`}
        label={reasonLabel ?? t('admin.cancel.reason')}
        hint={reasonHint ?? t('admin.cancel.reasonHint')}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(undefined);
        }}
        error={reasonError}
        maxLength={1000}
        rows={3}
        required
      />
    </ConfirmDialog>
  );
}
