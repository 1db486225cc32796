import * as Dialog from '@radix-ui/react-dialog';
import { Download, LoaderCircle, UserX } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { CenteredDialogContent } from '#src/components/ui/centered-dialog.tsx';
import { TextField } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { dataExportHref, useEraseAccount } from '#src/features/profile/api/privacy.ts';

/** /profile: download all personal data (GDPR art. 20) and delete the account (art. 17). */
export function PrivacySection(): ReactNode {
  const { t } = useTranslation();
  const headingId = useId();
  const passwordId = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const erase = useEraseAccount();

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
            open={open}
            onOpenChange={(next) => {
              if (erase.isPending) return;
              if (erase.isSuccess) {
                void erase.leave();
                return;
              }
              setOpen(next);
              if (!next) {
                setPassword('');
                erase.reset();
              }
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
                  <Dialog.Title className="text-lg font-semibold text-balance text-ink">
                    {t('privacy.deleted')}
                  </Dialog.Title>
                  <Dialog.Description className="text-sm leading-relaxed text-ink-muted">
                    {t('privacy.deleteBody')}
                  </Dialog.Description>
                  <div className="flex justify-end">
                    <Button data-testid="delete-account-done" onClick={() => void erase.leave()}>
                      {t('privacy.close')}
                    </Button>
                  </div>
                </>
              ) : (
                <>
                  <Dialog.Title className="text-lg font-semibold text-balance text-ink">
                    {t('privacy.confirmTitle')}
                  </Dialog.Title>
                  <Dialog.Description className="text-sm leading-relaxed text-ink-muted">
                    {t('privacy.confirmBody')}
                  </Dialog.Description>
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
                    {erase.isError ? <InlineError error={erase.error} /> : null}
                    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                      <Dialog.Close
                        type="button"
                        className={buttonClasses({ variant: 'secondary' })}
                        disabled={erase.isPending}
                      >
                        {t('privacy.cancel')}
                      </Dialog.Close>
                      <Button
                        type="submit"
                        data-testid="delete-account-confirm"
                        className="bg-red-600 text-white hover:bg-red-500 disabled:hover:bg-red-600"
                        disabled={erase.isPending || password === ''}
                      >
                        {erase.isPending ? (
                          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                        ) : null}
                        {erase.isPending ? t('privacy.deleting') : t('privacy.confirmDelete')}
                      </Button>
                    </div>
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
