import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Ban, PackageCheck, RotateCcw, Truck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import {
  type AdminClaim,
  useRejectClaim,
  useResolveClaim,
} from '#src/features/admin/api/admin-claims-api.ts';
import { useFocusAfterDecision } from '#src/hooks/use-focus-after-decision.ts';
import { ConfirmDialog, useConfirmOpen } from './confirm-dialog.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

/**
 * The four decisions on an open claim: a new key from stock (only when there is one), a key bought from
 * the supplier (only for a supplier game), a refund of the key's price (confirmed first) or a rejection
 * (with the reason the customer is sent). Each success says what happened and the queue is read again.
 */
export function ClaimActions({
  claim,
  focusAfter,
}: {
  claim: AdminClaim;
  focusAfter: () => void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const noStockId = useId();
  const direct = useResolveClaim(claim.id);
  const refund = useResolveClaim(claim.id);
  const refundDialog = useConfirmOpen(refund);
  const reject = useRejectClaim(claim.id);
  const refundFocus = useFocusAfterDecision(focusAfter);
  const rejectFocus = useFocusAfterDecision(focusAfter);
  const amount = formatEuros(roundEurosToCents(claim.refundAmount), i18n.language);
  const done = (action: 'replace' | 'supplier_replace' | 'refund' | 'reject', result?: AdminClaim) =>
    showNotice(
      t(`admin.claims.done.${action}`, {
        id: claim.id,
        amount: formatEuros(roundEurosToCents(result?.refunded ?? claim.refundAmount), i18n.language),
      }),
    );

  const replaceDirectly = (action: 'replace' | 'supplier_replace') =>
    direct.mutate(
      { action },
      {
        onSuccess: (result) => {
          done(action, result);
          focusAfter();
        },
      },
    );
  const pendingDirect = direct.isPending ? direct.variables?.action : undefined;
  const busy = direct.isPending || refund.isPending || reject.isPending;
  const noStock = claim.available <= 0;

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <BusyButton
          data-testid="claim-replace"
          aria-label={t('admin.claims.replaceLabel', { id: claim.id })}
          aria-describedby={noStock ? noStockId : undefined}
          busy={pendingDirect === 'replace'}
          busyLabel={t('admin.claims.replacing')}
          icon={PackageCheck}
          disabled={noStock || busy}
          onClick={() => replaceDirectly('replace')}
        >
          {t('admin.claims.replace')}
        </BusyButton>
        {claim.supplierGame ? (
          <BusyButton
            variant="secondary"
            data-testid="claim-supplier-replace"
            aria-label={t('admin.claims.supplierReplaceLabel', { id: claim.id })}
            busy={pendingDirect === 'supplier_replace'}
            busyLabel={t('admin.claims.buying')}
            icon={Truck}
            disabled={busy}
            onClick={() => replaceDirectly('supplier_replace')}
          >
            {t('admin.claims.supplierReplace')}
          </BusyButton>
        ) : null}
        <ConfirmDialog
          testId="claim-refund-dialog"
          open={refundDialog.open}
          onOpenChange={refundDialog.onOpenChange}
          onCloseAutoFocus={refundFocus.onCloseAutoFocus}
          trigger={
            <Button
              variant="secondary"
              disabled={busy}
              aria-label={t('admin.claims.refundLabel', { id: claim.id, amount })}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('admin.claims.refund', { amount })}
            </Button>
          }
          title={t('admin.claims.refundTitle', { id: claim.id, amount })}
          description={<p>{t('admin.claims.refundBody')}</p>}
          confirmLabel={t('admin.claims.refundConfirm')}
          pendingLabel={t('admin.claims.refunding')}
          pending={refund.isPending}
          error={refund.error}
          onConfirm={() =>
            refund.mutate(
              { action: 'refund' },
              {
                onSuccess: (result) => {
                  refundFocus.markDecided();
                  refundDialog.close();
                  done('refund', result);
                },
              },
            )
          }
        />
        <ReasonDialog
          testId="claim-reject-dialog"
          onCloseAutoFocus={rejectFocus.onCloseAutoFocus}
          trigger={
            <Button
              variant="secondary"
              disabled={busy}
              aria-label={t('admin.claims.rejectLabel', { id: claim.id })}
            >
              <Ban aria-hidden="true" className="size-4 text-danger" />
              {t('admin.claims.reject')}
            </Button>
          }
          title={t('admin.claims.rejectTitle', { id: claim.id })}
          intro={t('admin.claims.rejectIntro')}
          consequences={[t('admin.claims.rejectKeeps'), t('admin.claims.rejectMails')]}
          confirmLabel={t('admin.claims.rejectConfirm')}
          reasonLabel={t('admin.claims.rejectReason')}
          reasonHint={t('admin.claims.rejectReasonHint')}
          pendingLabel={t('admin.claims.rejecting')}
          mutation={reject}
          onDone={(result) => {
            rejectFocus.markDecided();
            done('reject', result);
          }}
        />
      </div>
      {noStock ? (
        <p id={noStockId} data-testid="claim-no-stock" className="text-sm text-ink-muted sm:text-right">
          {t('admin.claims.noStock')}
        </p>
      ) : null}
      {direct.error ? <InlineError error={direct.error} /> : null}
    </div>
  );
}
