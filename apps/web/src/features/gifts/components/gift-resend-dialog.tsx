import { GIFT_NAME_MAX, giftProblems } from '@keyland/core/gift-rules';
import type { GiftState } from '@keyland/core/schemas/gifts';
import * as Dialog from '@radix-ui/react-dialog';
import { Send } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { CenteredDialogContent, DialogActions, DialogHeading } from '#src/components/ui/centered-dialog.tsx';
import { EmailField, focusField, TextField } from '#src/components/ui/form-controls.tsx';
import { useResendGift } from '../api/resend-gift.ts';

/**
 * Corrects a gift's recipient before it is opened: a scheduled gift keeps its day; a sent one goes again
 * at once with a new link, the old one no longer working (at most a few times). `onDone` names the
 * address it now goes to.
 */
export function GiftResendDialog({
  orderId,
  gift,
  onDone,
}: {
  orderId: number;
  gift: GiftState;
  onDone: (email: string, sent: boolean) => void;
}): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const resend = useResendGift(orderId);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(gift.recipientName ?? '');
  const [email, setEmail] = useState(gift.recipientEmail ?? '');
  const [checked, setChecked] = useState(false);
  const scheduled = gift.status === 'scheduled';
  const problems = giftProblems(
    { recipientName: name, recipientEmail: email, message: '', deliverOn: '', lang: gift.lang },
    '',
  );
  const problemText = (problem: string | undefined) =>
    problem === 'tooLong'
      ? t('gifts.problems.tooLong', { max: GIFT_NAME_MAX })
      : problem
        ? t(`gifts.problems.${problem === 'email' ? 'email' : 'required'}`)
        : undefined;
  const nameError = checked ? problemText(problems.recipientName) : undefined;
  const emailError = checked ? problemText(problems.recipientEmail) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problems.recipientName || problems.recipientEmail) {
      focusField(problems.recipientName ? `${id}-name` : `${id}-email`);
      return;
    }
    resend.mutate(
      { recipientName: name.trim(), recipientEmail: email.trim() },
      {
        onSuccess: (state) => {
          setOpen(false);
          onDone(state.recipientEmail ?? email.trim(), !scheduled);
        },
      },
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (resend.isPending) return;
        setOpen(next);
        if (next) {
          setName(gift.recipientName ?? '');
          setEmail(gift.recipientEmail ?? '');
          setChecked(false);
          resend.reset();
        }
      }}
    >
      <Dialog.Trigger
        data-testid="gift-resend"
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        <Send aria-hidden="true" className="size-4" />
        {scheduled ? t('gifts.resend.openScheduled') : t('gifts.resend.open')}
      </Dialog.Trigger>
      <CenteredDialogContent width="md" testId="gift-resend-dialog">
        <DialogHeading title={scheduled ? t('gifts.resend.titleScheduled') : t('gifts.resend.title')}>
          {scheduled ? t('gifts.resend.bodyScheduled') : t('gifts.resend.body')}
          {scheduled ? null : ` ${t('gifts.resend.left', { count: gift.resendsLeft })}`}
        </DialogHeading>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextField
            id={`${id}-name`}
            label={t('gifts.recipientName')}
            value={name}
            autoComplete="off"
            error={nameError}
            onChange={(event) => setName(event.target.value)}
          />
          <EmailField
            id={`${id}-email`}
            label={t('gifts.recipientEmail')}
            autoComplete="off"
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <DialogActions cancelLabel={t('gifts.resend.cancel')} busy={resend.isPending} error={resend.error}>
            <BusyButton
              type="submit"
              data-testid="gift-resend-confirm"
              busy={resend.isPending}
              busyLabel={scheduled ? t('gifts.resend.saving') : t('gifts.resend.sending')}
            >
              {scheduled ? t('gifts.resend.save') : t('gifts.resend.send')}
            </BusyButton>
          </DialogActions>
        </form>
      </CenteredDialogContent>
    </Dialog.Root>
  );
}
