import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Ban, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import type { CancelOrderResult } from '#src/features/admin/api/admin-api.ts';
import {
  type ApproveHeldResult,
  useApproveHeld,
  useRejectHeld,
} from '#src/features/admin/api/admin-review-api.ts';
import { useFocusAfterDecision } from '#src/hooks/use-focus-after-decision.ts';
import { ConfirmDialog, useConfirmOpen } from './confirm-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

interface DecisionProps<Result> {
  orderId: number;
  onDecided: (result: Result) => void;
  /** Where the focus goes after a decision, since the order then leaves the queue. */
  focusAfter: () => void;
}

/** Approve: the keys are delivered now, to the history and by e-mail. */
export function ApproveHeldDialog({
  orderId,
  onDecided,
  focusAfter,
}: DecisionProps<ApproveHeldResult>): ReactNode {
  const { t } = useTranslation();
  const approve = useApproveHeld(orderId);
  const dialog = useConfirmOpen(approve);
  const focus = useFocusAfterDecision(focusAfter);

  return (
    <ConfirmDialog
      testId="approve-held-dialog"
      tone="primary"
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onCloseAutoFocus={focus.onCloseAutoFocus}
      trigger={
        <Button aria-label={t('admin.review.approveLabel', { id: orderId })}>
          <CheckCircle2 aria-hidden="true" className="size-4" />
          {t('admin.review.approve')}
        </Button>
      }
      title={t('admin.review.approveTitle', { id: orderId })}
      description={<p>{t('admin.review.approveBody')}</p>}
      confirmLabel={t('admin.review.approveConfirm')}
      pendingLabel={t('admin.review.approving')}
      pending={approve.isPending}
      error={approve.error}
      onConfirm={() =>
        approve.mutate(undefined, {
          onSuccess: (result) => {
            focus.markDecided();
            dialog.close();
            onDecided(result);
          },
        })
      }
    />
  );
}

/** Cancel and refund: a reason is asked for, stored with the cancellation and in the audit log. */
export function RejectHeldDialog({
  orderId,
  total,
  onDecided,
  focusAfter,
}: DecisionProps<CancelOrderResult> & { total: number }): ReactNode {
  const { t, i18n } = useTranslation();
  const reject = useRejectHeld(orderId);
  const focus = useFocusAfterDecision(focusAfter);

  return (
    <ReasonDialog
      testId="reject-held-dialog"
      onCloseAutoFocus={focus.onCloseAutoFocus}
      trigger={
        <Button variant="secondary" aria-label={t('admin.review.rejectLabel', { id: orderId })}>
          <Ban aria-hidden="true" className="size-4 text-danger" />
          {t('admin.review.reject')}
        </Button>
      }
      title={t('admin.review.rejectTitle', { id: orderId })}
      intro={t('admin.review.rejectIntro')}
      consequences={[
        t('admin.cancel.refunds', { amount: formatEuros(roundEurosToCents(total), i18n.language) }),
        t('admin.review.rejectReleases'),
        t('admin.cancel.mails'),
      ]}
      confirmLabel={t('admin.review.rejectConfirm')}
      mutation={reject}
      onDone={(result) => {
        focus.markDecided();
        onDecided(result);
      }}
    />
  );
}
