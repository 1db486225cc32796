import * as Dialog from '@radix-ui/react-dialog';
import { Globe } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { CenteredDialogContent, DialogActions } from '#src/components/ui/centered-dialog.tsx';

/**
 * "This key may not work in your country": the server's words (the game and where its keys activate),
 * then add it anyway or not. The store warns but never refuses a buyer by country (geo-blocking rules).
 */
export function RegionConfirmDialog({
  message,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: {
  /** The server's explanation; the dialog is open while there is one. */
  message: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      <CenteredDialogContent width="md" testId="region-dialog" onCloseAutoFocus={onCloseAutoFocus}>
        <Dialog.Title className="flex items-start gap-2 text-lg font-semibold text-balance text-ink">
          <Globe aria-hidden="true" className="mt-1 size-5 shrink-0 text-amber-300" />
          {t('cart.region.title')}
        </Dialog.Title>
        <Dialog.Description className="text-sm leading-relaxed text-ink-muted">{message}</Dialog.Description>
        <DialogActions cancelLabel={t('cart.region.cancel')}>
          <Button data-testid="region-confirm" onClick={onConfirm}>
            {t('cart.region.confirm')}
          </Button>
        </DialogActions>
      </CenteredDialogContent>
    </Dialog.Root>
  );
}
