import { passwordLengthProblem } from '@keyland/core/account-rules';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { FormMessage, PasswordField } from '#src/components/ui/form-controls.tsx';
import { paths } from '#src/config/paths.ts';
import { useResetPassword } from '#src/features/auth/api/reset-password.ts';
import { useFieldErrors } from '#src/hooks/use-field-errors.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { linkClasses } from './auth-layout.tsx';

/** Redirect to /login after the success message (spec section 9). */
export const RESET_REDIRECT_MS = 2000;

const PASSWORD_CODES = new Set(['PASSWORD_TOO_SHORT', 'PASSWORD_TOO_LONG', 'PASSWORD_TOO_COMMON']);

/**
 * New password and its confirmation for the token of the e-mail link. The spec's messages: no token,
 * passwords differ, success false, and for other errors the server's (translated) message or "the link
 * has expired or is invalid". Success shows a message and goes to /login after 2 s.
 */
export function ResetPasswordForm({ token }: { token: string }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const id = useId();
  const fieldId = (field: 'password' | 'confirm') => `${id}-${field}`;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { errors, show: showProblem, clear: clearError, clearAll: clearErrors } = useFieldErrors(fieldId);
  /** A failure of the whole form; `newLink` offers to ask for a new e-mail (the link is the problem). */
  const [failure, setFailure] = useState<{ message: string; newLink: boolean } | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate(paths.login), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!token) return;
    if (password !== confirm) {
      showProblem('confirm', t('auth.resetPasswordsMismatch'));
      return;
    }
    const weak = passwordLengthProblem(password);
    if (weak) {
      showProblem('password', t(`errors.${weak.code}`));
      return;
    }
    clearErrors();
    reset.mutate(
      { token, newPassword: password },
      {
        onSuccess: (answer) => {
          if (answer.success) setDone(true);
          else setFailure({ message: t('auth.resetFailed'), newLink: false });
        },
        onError: (error) => {
          if (error instanceof ApiError && PASSWORD_CODES.has(error.error)) {
            showProblem('password', getErrorMessage(error));
          } else if (error instanceof ApiError && error.error === 'TOKEN_MISSING') {
            setFailure({ message: t('auth.resetNoToken'), newLink: true });
          } else if (
            error instanceof ApiError &&
            ['RATE_LIMITED', 'NETWORK_ERROR', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'].includes(error.error)
          ) {
            setFailure({ message: getErrorMessage(error), newLink: false });
          } else {
            setFailure({ message: t('auth.resetExpired'), newLink: true });
          }
        },
      },
    );
  };

  const shown = token ? failure : { message: t('auth.resetNoToken'), newLink: true };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <PasswordField
        id={fieldId('password')}
        name="newPassword"
        autoComplete="new-password"
        label={t('auth.reset.newPassword')}
        hint={t('auth.register.passwordHint')}
        error={errors.password}
        readOnly={done}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          clearError('password');
        }}
      />
      <PasswordField
        id={fieldId('confirm')}
        name="confirmPassword"
        autoComplete="new-password"
        label={t('auth.reset.confirmPassword')}
        error={errors.confirm}
        readOnly={done}
        value={confirm}
        onChange={(event) => {
          setConfirm(event.target.value);
          clearError('confirm');
        }}
      />
      {shown ? (
        <FormMessage tone="error">
          {shown.message}
          {shown.newLink ? (
            <>
              {' '}
              <Link to={paths.forgotPassword} className={linkClasses}>
                {t('auth.reset.requestNew')}
              </Link>
            </>
          ) : null}
        </FormMessage>
      ) : null}
      {done ? (
        <FormMessage tone="success">
          {t('auth.reset.success')} {t('auth.reset.redirecting')}
        </FormMessage>
      ) : null}
      <Button type="submit" disabled={reset.isPending || done} className="w-full">
        {reset.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </Button>
    </form>
  );
}
