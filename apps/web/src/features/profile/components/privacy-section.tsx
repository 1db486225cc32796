import * as Dialog from '@radix-ui/react-dialog';
import { Download, UserX } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { Button, buttonClasses, dangerClasses } from '#src/components/ui/button.tsx';
import {
  CenteredDialogContent,
  DialogActions,
  DialogHeading,
  useActionDialog,
} from '#src/components/ui/centered-dialog.tsx';
import { TextField } from '#src/components/ui/form-controls.tsx';
import { dataExportHref, useEraseAccount } from '#src/features/profile/api/privacy.ts';

/** /profile: download all personal data (GDPR art. 20) and delete the account (art. 17). */
export function PrivacySection(): ReactNode {
  const { t } = useTranslation();
  const headingId = useId();
  const passwordId = useId();
  const [password, setPassword] = useState('');
  const erase = useEraseAccount();
  const dialog = useActionDialog(erase, () => setPassword(''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    erase.mutate(password);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-8"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t('privacy.title')}
      </h2>
      <div className="mt-4 flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-ink">{t('privacy.exportTitle')}</h3>
          <p className="text-sm text-ink-muted">{t('privacy.exportBody')}</p>
          <a
            data-testid="data-export"
            href={dataExportHref}
            download
            className={buttonClasses({ variant: 'secondary', className: 'self-start' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {t('privacy.exportButton')}
          </a>
        </div>
        <div className="flex flex-col gap-2 border-t border-line pt-6">
          <h3 className="font-semibold text-ink">{t('privacy.deleteTitle')}</h3>
          <p className="text-sm text-ink-muted">{t('privacy.deleteBody')}</p>
          <Dialog.Root
            open={dialog.open}
            onOpenChange={(next) => {
              // Once the account is gone, closing the dialog leaves for the store.
              if (erase.isSuccess) void erase.leave();
              else dialog.onOpenChange(next);
            }}
          >
            <Dialog.Trigger
              data-testid="delete-account"
              className={buttonClasses({ variant: 'secondary', className: 'self-start hover:text-danger' })}
            >
              <UserX aria-hidden="true" className="size-4" />
              {t('privacy.deleteButton')}
            </Dialog.Trigger>
            <CenteredDialogContent width="md" testId="delete-account-dialog">
              {erase.isSuccess ? (
                <>
                  <DialogHeading title={t('privacy.deleted')}>{t('privacy.deleteBody')}</DialogHeading>
                  <div className="flex justify-end">
                    <Button data-testid="delete-account-done" onClick={() => void erase.leave()}>
                      {t('privacy.close')}
                    </Button>
                  </div>
                </>
              ) : (
                <>
                  <DialogHeading title={t('privacy.confirmTitle')}>{t('privacy.confirmBody')}</DialogHeading>
                  <form noValidate onSubmit={submit} className="flex flex-col gap-4">
                    <TextField
                      id={passwordId}
                      type="password"
                      autoComplete="current-password"
                      label={t('privacy.password')}
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      required
                    />
                    <DialogActions
                      cancelLabel={t('privacy.cancel')}
                      busy={erase.isPending}
                      error={erase.error}
                    >
                      <BusyButton
                        type="submit"
                        data-testid="delete-account-confirm"
                        className={dangerClasses}
                        busy={erase.isPending}
                        busyLabel={t('privacy.deleting')}
                        disabled={password === ''}
                      >
                        {t('privacy.confirmDelete')}
                      </BusyButton>
                    </DialogActions>
                  </form>
                </>
              )}
            </CenteredDialogContent>
          </Dialog.Root>
        </div>
      </div>
    </section>
  );
}
