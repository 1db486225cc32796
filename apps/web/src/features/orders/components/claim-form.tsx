import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { DialogActions } from '#src/components/ui/centered-dialog.tsx';
import { FieldError, TextAreaField } from '#src/components/ui/form-controls.tsx';
import {
  CLAIM_NOTE_LIMIT,
  type ClaimReason,
  type CreateKeyClaim,
  claimReasons,
} from '#src/features/orders/api/claims.ts';
import { cn } from '#src/lib/cn.ts';
import { ClaimScreenshotField } from './claim-screenshot-field.tsx';

/** What happens when the key is redeemed: one of the reasons, as radio buttons with their error line. */
function ReasonGroup({
  value,
  onChange,
  error,
  disabled,
}: {
  value: ClaimReason | null;
  onChange: (reason: ClaimReason) => void;
  error: string | undefined;
  disabled: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
      className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
    >
      <legend className="mb-2 text-sm font-medium text-ink">{t('claims.reasonLabel')}</legend>
      {claimReasons.map((reason) => (
        <label
          key={reason}
          className={cn(
            'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border bg-raised px-3 py-2 text-sm text-ink transition-colors hover:border-brand/60 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-brand-strong',
            error ? 'border-danger' : 'border-line-strong',
          )}
        >
          <input
            type="radio"
            name={`${id}-reason`}
            value={reason}
            checked={value === reason}
            disabled={disabled}
            onChange={() => onChange(reason)}
            className="size-4 shrink-0 accent-brand focus-visible:outline-none"
          />
          {t(`claims.reasons.${reason}`)}
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

/**
 * The claim's form: the reason (required), a note and a screenshot (optional). A refusal from the server
 * is shown above the buttons and keeps everything entered, so the customer can fix it and send again.
 */
export function ClaimForm({
  keyId,
  pending,
  error,
  onSubmit,
}: {
  keyId: number;
  pending: boolean;
  error: unknown;
  onSubmit: (claim: CreateKeyClaim) => void;
}): ReactNode {
  const { t } = useTranslation();
  const noteId = useId();
  const [reason, setReason] = useState<ClaimReason | null>(null);
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [note, setNote] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!reason) {
      setReasonError(t('claims.reasonRequired'));
      event.currentTarget.querySelector<HTMLInputElement>('input[type="radio"]')?.focus();
      return;
    }
    const trimmed = note.trim();
    onSubmit({
      keyId,
      reason,
      ...(trimmed ? { note: trimmed } : {}),
      ...(screenshot ? { screenshot } : {}),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <ReasonGroup
        value={reason}
        onChange={(next) => {
          setReason(next);
          setReasonError(undefined);
        }}
        error={reasonError}
        disabled={pending}
      />
      <TextAreaField
        id={noteId}
        label={t('claims.noteLabel')}
        placeholder={t('claims.notePlaceholder')}
        value={note}
        maxLength={CLAIM_NOTE_LIMIT}
        disabled={pending}
        onChange={(event) => setNote(event.target.value)}
      />
      <ClaimScreenshotField value={screenshot} onChange={setScreenshot} disabled={pending} />
      <DialogActions cancelLabel={t('claims.cancel')} busy={pending} error={error}>
        <BusyButton type="submit" data-testid="claim-submit" busy={pending} busyLabel={t('claims.sending')}>
          {t('claims.submit')}
        </BusyButton>
      </DialogActions>
    </form>
  );
}
