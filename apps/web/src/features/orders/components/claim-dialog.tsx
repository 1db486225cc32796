import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck, Inbox } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { CenteredDialogContent, DialogHeading } from '#src/components/ui/centered-dialog.tsx';
import { CLAIM_CHECK_HOURS, type KeyClaim, useCreateClaim } from '#src/features/orders/api/claims.ts';
import { ClaimForm } from './claim-form.tsx';

/** The key a claim is about. */
export interface ClaimTarget {
  keyId: number;
  title: string;
  /** Within how many hours a person checks it (the order's `claim_hours`). */
  hours?: number;
}

/** The answer to a sent claim: replaced at once, or received for a person to check. */
function ClaimOutcome({ claim, hours }: { claim: KeyClaim; hours: number }): ReactNode {
  const { t } = useTranslation();
  const replaced = claim.status === 'replaced';
  const Icon = replaced ? CircleCheck : Inbox;
  return (
    <>
      <Dialog.Title className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Icon aria-hidden="true" className="size-5 shrink-0 text-brand" />
        {replaced ? t('claims.doneReplacedTitle') : t('claims.doneReceivedTitle')}
      </Dialog.Title>
      <div role="status" data-testid="claim-outcome" data-status={claim.status}>
        <Dialog.Description className="text-sm leading-relaxed text-ink-muted">
          {replaced ? t('claims.doneReplaced') : t('claims.doneReceived', { hours })}
        </Dialog.Description>
      </div>
      <div className="flex justify-end">
        <Dialog.Close className={buttonClasses({ variant: 'primary' })}>{t('claims.close')}</Dialog.Close>
      </div>
    </>
  );
}

/**
 * "Report a problem" with a delivered key: the reason, a note and a screenshot, then the server's answer.
 * One dialog per order, opened for the key whose button was pressed; it stays open while the history is
 * read again behind it (the replaced key leaves the list, the new one comes in). Closing gives the focus
 * back through `onCloseAutoFocus`, since the button that opened it may be gone by then.
 */
export function ClaimDialog({
  target,
  onClose,
  onCloseAutoFocus,
}: {
  target: ClaimTarget | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}): ReactNode {
  const { t } = useTranslation();
  const claim = useCreateClaim();

  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(open) => {
        if (open || claim.isPending) return;
        claim.reset();
        onClose();
      }}
    >
      {target ? (
        <CenteredDialogContent width="lg" testId="claim-dialog" onCloseAutoFocus={onCloseAutoFocus}>
          {claim.data ? (
            <ClaimOutcome claim={claim.data} hours={target.hours ?? CLAIM_CHECK_HOURS} />
          ) : (
            <>
              <DialogHeading title={t('claims.title', { title: target.title })}>
                {t('claims.intro', { hours: target.hours ?? CLAIM_CHECK_HOURS })}
              </DialogHeading>
              <ClaimForm
                key={target.keyId}
                keyId={target.keyId}
                pending={claim.isPending}
                error={claim.isError ? claim.error : null}
                onSubmit={(body) => claim.mutate(body)}
              />
            </>
          )}
        </CenteredDialogContent>
      ) : null}
    </Dialog.Root>
  );
}

/**
 * The "report a problem" dialog of an order: which key it is open for, and where the focus goes when it
 * closes (the button that opened it, or, when that button has gone with the claim, the reports' heading).
 */
export function useClaimDialog() {
  const [target, setTarget] = useState<ClaimTarget | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const claimsHeading = useRef<HTMLHeadingElement>(null);
  const orderHeading = useRef<HTMLHeadingElement>(null);
  return {
    target,
    claimsHeading,
    orderHeading,
    open: (next: ClaimTarget, button: HTMLElement) => {
      opener.current = button;
      setTarget(next);
    },
    close: () => setTarget(null),
    returnFocus: (event: Event) => {
      event.preventDefault();
      const button = opener.current;
      if (button?.isConnected) button.focus();
      else (claimsHeading.current ?? orderHeading.current)?.focus();
    },
  };
}
