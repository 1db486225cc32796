import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import {
  EmailField,
  FormMessage,
  focusField,
  PasswordField,
  TextField,
} from '#src/components/ui/form-controls.tsx';
import { paths } from '#src/config/paths.ts';
import { useLogin } from '#src/features/auth/api/login.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { linkClasses } from './auth-layout.tsx';
import { PasskeyLoginButton } from './passkey-login-button.tsx';

/**
 * E-mail and password; no client-side checks (spec section 5). Success goes to /store. An admin with a
 * second factor then gets a code step: the session exists only after a valid code. A passkey logs in
 * instead of both, from its button or from the e-mail field's suggestions.
 */
export function LoginForm(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<string | null>(null);
  const onLoggedIn = () => void navigate(paths.store, { replace: true });
  const login = useLogin({ onLoggedIn, onCodeNeeded: setChallenge });
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  useEffect(() => {
    if (challenge) focusField(`${id}-code`);
  }, [challenge, id]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.password.mutate({ email, password });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (challenge) login.code.mutate({ challenge, code });
  };

  if (challenge) {
    const error = login.code.isError ? getErrorMessage(login.code.error) : undefined;
    return (
      <form
        noValidate
        onSubmit={submitCode}
        className="flex flex-col gap-4"
        aria-labelledby={`${id}-code-title`}
        data-testid="login-code-step"
      >
        <div className="flex flex-col gap-1">
          <h2 id={`${id}-code-title`} className="text-lg font-semibold text-ink">
            {t('auth.totp.title')}
          </h2>
          <p className="text-sm text-ink-muted">{t('auth.totp.body')}</p>
        </div>
        <TextField
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          spellCheck={false}
          label={t('auth.totp.code')}
          hint={t('auth.totp.codeHint')}
          error={error}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" disabled={login.code.isPending} className="w-full">
          {login.code.isPending ? t('auth.totp.verifying') : t('auth.totp.submit')}
        </Button>
        <button
          type="button"
          className={`${linkClasses} self-center text-sm`}
          onClick={() => {
            setChallenge(null);
            setCode('');
            login.code.reset();
          }}
        >
          {t('auth.totp.back')}
        </button>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-describedby={`${id}-error`}>
      <EmailField
        id={`${id}-email`}
        name="email"
        autoComplete="username webauthn"
        label={t('auth.login.email')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="flex flex-col gap-1">
        <PasswordField
          id={`${id}-password`}
          name="password"
          autoComplete="current-password"
          label={t('auth.login.password')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Link to={paths.forgotPassword} className={`${linkClasses} self-end text-sm`}>
          {t('auth.login.forgot')}
        </Link>
      </div>
      <div id={`${id}-error`}>
        {login.password.isError ? (
          <FormMessage tone="error">{getErrorMessage(login.password.error)}</FormMessage>
        ) : null}
      </div>
      <Button type="submit" disabled={login.password.isPending} className="w-full">
        {login.password.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <PasskeyLoginButton onLoggedIn={onLoggedIn} />
    </form>
  );
}
