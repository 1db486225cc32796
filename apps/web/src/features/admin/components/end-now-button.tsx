import type { UseMutationResult } from '@tanstack/react-query';
import { CircleStop } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { useFocusAfterDecision } from '#src/hooks/use-focus-after-decision.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * "End now" on a running discount (a promotion, a coupon), confirmed first, with the texts of its
 * translation section's `end` group. Once it has ended the button is gone, so the focus goes where
 * `focusAfter` says.
 */
export function EndNowButton({
  section,
  name,
  end,
  focusAfter,
  size = 'md',
  testId,
}: {
  section: 'promotions' | 'coupons';
  name: string;
  /** The call that ends it. */
  end: UseMutationResult<unknown, Error, void>;
  focusAfter: () => void;
  size?: 'sm' | 'md' | undefined;
  testId: string;
}): ReactNode {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const focus = useFocusAfterDecision(focusAfter);
  return (
    <ConfirmDialog
      testId={testId}
      open={open}
      onOpenChange={(next) => {
        if (!next) end.reset();
        setOpen(next);
      }}
      onCloseAutoFocus={focus.onCloseAutoFocus}
      trigger={
        <Button variant="secondary" size={size} aria-label={t(`${section}.end.label`, { name })}>
          <CircleStop aria-hidden="true" className="size-4" />
          {t(`${section}.end.button`)}
        </Button>
      }
      title={t(`${section}.end.title`, { name })}
      description={<p>{t(`${section}.end.body`)}</p>}
      confirmLabel={t(`${section}.end.confirm`)}
      pendingLabel={t(`${section}.end.pending`)}
      pending={end.isPending}
      error={end.error}
      onConfirm={() =>
        end.mutate(undefined, {
          onSuccess: () => {
            focus.markDecided();
            setOpen(false);
            showNotice(t(`${section}.end.done`, { name }));
          },
        })
      }
    />
  );
}
