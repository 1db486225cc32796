import { PASSKEY_NAME_MAX_LENGTH } from '@keyland/core/account-rules';
import { formatDateTime } from '@keyland/core/dates';
import * as Dialog from '@radix-ui/react-dialog';
import { Cloud, KeyRound, Pencil } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { Button, dangerClasses } from '#src/components/ui/button.tsx';
import {
  CenteredDialogContent,
  DeleteDialogTrigger,
  DialogActions,
  DialogHeading,
  useActionDialog,
} from '#src/components/ui/centered-dialog.tsx';
import { focusField, TextField } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { type Passkey, useRemovePasskey, useRenamePasskey } from '#src/features/profile/api/passkeys.ts';

/** Renames in place: the name's field with Save and Cancel (Escape cancels too). */
function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone: () => void }): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(passkey.name);
  const rename = useRenamePasskey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === passkey.name) return onDone();
    rename.mutate({ id: passkey.id, name }, { onSuccess: onDone });
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      className="flex flex-col gap-3"
    >
      <TextField
        id={id}
        autoFocus
        label={t('passkeys.nameLabel')}
        hint={t('passkeys.nameHint')}
        maxLength={PASSKEY_NAME_MAX_LENGTH}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {rename.isError ? <InlineError error={rename.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending || name.trim() === ''}>
          {rename.isPending ? t('passkeys.saving') : t('passkeys.save')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={rename.isPending}>
          {t('passkeys.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Asks before removing; the passkey then no longer logs in. */
function RemoveDialog({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }): ReactNode {
  const { t } = useTranslation();
  const remove = useRemovePasskey();
  const { open, setOpen, onOpenChange } = useActionDialog(remove);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <DeleteDialogTrigger label={t('passkeys.removeAction', { name: passkey.name })}>
        {t('passkeys.remove')}
      </DeleteDialogTrigger>
      <CenteredDialogContent width="md" testId="remove-passkey-dialog">
        <DialogHeading title={t('passkeys.confirmTitle')}>
          {t('passkeys.confirmBody', { name: passkey.name })}
        </DialogHeading>
        <DialogActions cancelLabel={t('passkeys.cancel')} busy={remove.isPending} error={remove.error}>
          <BusyButton
            className={dangerClasses}
            busy={remove.isPending}
            busyLabel={t('passkeys.removing')}
            onClick={() =>
              remove.mutate(passkey.id, {
                onSuccess: () => {
                  setOpen(false);
                  onRemoved();
                },
              })
            }
          >
            {t('passkeys.confirmRemove')}
          </BusyButton>
        </DialogActions>
      </CenteredDialogContent>
    </Dialog.Root>
  );
}

/** One passkey of the list: its name, when it was added and last used, and what can be done with it. */
export function PasskeyItem({ passkey, onRemoved }: { passkey: Passkey; onRemoved: () => void }): ReactNode {
  const { t, i18n } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const renameButtonId = useId();
  const locale = i18n.language;
  const stopRenaming = () => {
    setRenaming(false);
    focusField(renameButtonId);
  };

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="passkey-item">
      {renaming ? (
        <RenameForm passkey={passkey} onDone={stopRenaming} />
      ) : (
        <div className="flex items-start gap-3">
          <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg border border-brand/30 bg-brand-soft text-brand">
            <KeyRound aria-hidden="true" className="size-4" />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-ink">
              <span className="min-w-0 break-words">{passkey.name}</span>
              {passkey.backedUp ? (
                <span className="inline-flex items-center gap-1 rounded-full border border-line bg-raised px-2 py-0.5 text-xs font-medium text-ink-muted">
                  <Cloud aria-hidden="true" className="size-3" />
                  {t('passkeys.synced')}
                </span>
              ) : null}
            </p>
            <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-ink-muted">
              <span>{t('passkeys.created', { date: formatDateTime(passkey.createdAt, locale) })}</span>
              <span>
                {passkey.lastUsedAt
                  ? t('passkeys.lastUsed', { date: formatDateTime(passkey.lastUsedAt, locale) })
                  : t('passkeys.neverUsed')}
              </span>
            </p>
            {passkey.removable ? null : <p className="text-sm text-ink-muted">{t('passkeys.onlyLogin')}</p>}
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <Button
              id={renameButtonId}
              variant="ghost"
              size="sm"
              aria-label={t('passkeys.renameAction', { name: passkey.name })}
              onClick={() => setRenaming(true)}
            >
              <Pencil aria-hidden="true" className="size-4" />
              <span className="hidden sm:inline">{t('passkeys.rename')}</span>
            </Button>
            {passkey.removable ? <RemoveDialog passkey={passkey} onRemoved={onRemoved} /> : null}
          </div>
        </div>
      )}
    </li>
  );
}
