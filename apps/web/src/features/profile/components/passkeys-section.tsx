import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { KeyRound, Plus, RotateCw } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { FormMessage, focusField } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { RetryButton } from '#src/components/ui/retry-button.tsx';
import { useAddPasskey, usePasskeys } from '#src/features/profile/api/passkeys.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { PasskeyItem } from './passkey-item.tsx';

/** What to say when adding failed: the browser's own refusals in words, the server's by their code. */
function addFailure(error: unknown, t: (key: 'passkeys.cancelled' | 'passkeys.alreadyOnDevice') => string) {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return t('passkeys.cancelled');
  if (name === 'InvalidStateError') return t('passkeys.alreadyOnDevice');
  return getErrorMessage(error);
}

function PasskeysSkeleton(): ReactNode {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-4">
      <span className="sr-only">{t('passkeys.loading')}</span>
      {[0, 1].map((row) => (
        <div key={row} aria-hidden="true" className="flex items-center gap-3">
          <div className="skeleton size-9 rounded-lg" />
          <div className="flex flex-1 flex-col gap-2">
            <div className="skeleton h-4 w-32 rounded" />
            <div className="skeleton h-3 w-48 rounded" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * /profile: the account's passkeys (customers and admins alike). Adding one asks the device to make it;
 * each can be renamed, and removed after a confirmation unless it is the last way left to log in.
 */
export function PasskeysSection(): ReactNode {
  const { t } = useTranslation();
  const headingId = useId();
  const addButtonId = useId();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const [message, setMessage] = useState<string | null>(null);
  // Known only in the browser, after the first render (which the server may have made).
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);

  const addPasskey = () => {
    setMessage(null);
    add.mutate(undefined, { onSuccess: () => setMessage(t('passkeys.added')) });
  };
  const removed = () => {
    setMessage(t('passkeys.removed'));
    focusField(addButtonId);
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-line bg-surface p-5 sm:p-8"
      data-testid="passkeys-section"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t('passkeys.title')}
      </h2>
      <p className="mt-2 text-pretty text-sm leading-relaxed text-ink-muted">{t('passkeys.body')}</p>
      <div className="mt-5 flex flex-col gap-5">
        {passkeys.isPending ? (
          <PasskeysSkeleton />
        ) : passkeys.isError ? (
          <div className="flex flex-col items-start gap-3">
            <InlineError>
              {t('passkeys.loadError')} {getErrorMessage(passkeys.error)}
            </InlineError>
            <RetryButton variant="secondary" size="sm" icon={RotateCw} query={passkeys} />
          </div>
        ) : passkeys.data.length === 0 ? (
          <p className="flex items-center gap-3 rounded-lg border border-dashed border-line-strong px-4 py-3 text-sm text-ink-muted">
            <KeyRound aria-hidden="true" className="size-4 shrink-0 text-brand" />
            {t('passkeys.empty')}
          </p>
        ) : (
          <ul aria-label={t('passkeys.listLabel')} className="flex flex-col divide-y divide-line">
            {passkeys.data.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} onRemoved={removed} />
            ))}
          </ul>
        )}
        {message ? <FormMessage tone="success">{message}</FormMessage> : null}
        {add.isError ? <InlineError>{addFailure(add.error, t)}</InlineError> : null}
        {supported === false ? (
          <p className="text-sm text-ink-muted">{t('passkeys.unsupported')}</p>
        ) : (
          <BusyButton
            id={addButtonId}
            variant="secondary"
            className="self-start"
            onClick={addPasskey}
            busy={add.isPending}
            busyLabel={t('passkeys.adding')}
            icon={Plus}
            disabled={supported === null}
          >
            {t('passkeys.add')}
          </BusyButton>
        )}
      </div>
    </section>
  );
}
