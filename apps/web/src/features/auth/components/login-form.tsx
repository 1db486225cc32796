import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { linkClasses } from './auth-layout.tsx';
import { FormMessage, PasswordField, TextField } from './form-controls.tsx';

/** E-mail and password; no client-side checks (spec section 5). Success goes to /store. */
export function LoginForm(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const login = useLogin({ onLoggedIn: () => void navigate(paths.store, { replace: true }) });
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-describedby={`${id}-error`}>
      <TextField
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
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
        {login.isError ? <FormMessage tone="error">{getErrorMessage(login.error)}</FormMessage> : null}
      </div>
      <Button type="submit" disabled={login.isPending} className="w-full">
        {login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
    </form>
  );
}
