import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { EmailField, FormMessage, focusField } from '#src/components/ui/form-controls.tsx';
import { paths } from '#src/config/paths.ts';
import { useForgotPassword } from '#src/features/auth/api/forgot-password.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';

/** Redirect to /login after the "sent" message (spec section 9). */
export const FORGOT_REDIRECT_MS = 3000;

/** The e-mail is required; on success the spec's message shows and /login follows after 3 s. */
export function ForgotPasswordForm(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const id = useId();
  const emailId = `${id}-email`;
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();

  useEffect(() => {
    if (!forgot.isSuccess) return;
    const timer = window.setTimeout(() => void navigate(paths.login), FORGOT_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [forgot.isSuccess, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.trim() === '') {
      setFieldError(t('errors.EMAIL_REQUIRED'));
      focusField(emailId);
      return;
    }
    setFieldError(undefined);
    forgot.mutate(email.trim(), {
      onError: (error) => {
        if (error instanceof ApiError && error.field === 'email' && error.error === 'EMAIL_REQUIRED') {
          setFieldError(getErrorMessage(error));
          focusField(emailId);
        }
      },
    });
  };

  const failure = (() => {
    if (!forgot.isError || fieldError) return null;
    const error = forgot.error;
    // Too many requests says so; any other failure is the spec's own message.
    if (error instanceof ApiError && error.error === 'RATE_LIMITED') return getErrorMessage(error);
    return t('auth.forgotFailed');
  })();

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <EmailField
        id={emailId}
        name="email"
        autoComplete="email"
        required
        label={t('auth.forgot.email')}
        error={fieldError}
        readOnly={forgot.isSuccess}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setFieldError(undefined);
        }}
      />
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      {forgot.isSuccess ? <FormMessage tone="success">{t('auth.forgotSent')}</FormMessage> : null}
      <Button type="submit" disabled={forgot.isPending || forgot.isSuccess} className="w-full">
        {forgot.isPending ? t('auth.forgot.submitting') : t('auth.forgot.submit')}
      </Button>
    </form>
  );
}
