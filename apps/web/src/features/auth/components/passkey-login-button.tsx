import { KeyRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '#src/components/ui/busy-button.tsx';
import { FormMessage } from '#src/components/ui/form-controls.tsx';
import { usePasskeyLogin } from '#src/features/auth/hooks/use-passkey-login.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';

/**
 * "Log in with a passkey" under the password form, in browsers that have passkeys. While it is shown,
 * the passkeys are also offered in the e-mail field's suggestions (the field's autocomplete names
 * `webauthn`). An admin's passkey logs in without the code step.
 */
export function PasskeyLoginButton({ onLoggedIn }: { onLoggedIn: () => void }): ReactNode {
  const { t } = useTranslation();
  const passkey = usePasskeyLogin({ onLoggedIn });
  if (!passkey.supported) return null;
  return (
    <div className="flex flex-col gap-3" data-testid="passkey-login">
      <div
        className="flex items-center gap-3 text-xs font-medium text-ink-muted uppercase"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-line" />
        {t('passkeys.or')}
        <span className="h-px flex-1 bg-line" />
      </div>
      {passkey.error ? <FormMessage tone="error">{getErrorMessage(passkey.error)}</FormMessage> : null}
      <BusyButton
        variant="secondary"
        className="w-full"
        onClick={passkey.prompt}
        busy={passkey.isPending}
        busyLabel={t('passkeys.loggingIn')}
        icon={KeyRound}
      >
        {t('passkeys.loginButton')}
      </BusyButton>
    </div>
  );
}
