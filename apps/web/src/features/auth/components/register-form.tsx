import { PASSWORD_MIN_LENGTH, registrationProblem } from '@keyland/core/account-rules';
import type { ErrorCode } from '@keyland/core/errors';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { CountryField } from '#src/components/ui/country-field.tsx';
import {
  FieldError,
  FormMessage,
  focusField,
  PasswordField,
  TextField,
} from '#src/components/ui/form-controls.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { paths } from '#src/config/paths.ts';
import { useRegister } from '#src/features/auth/api/register.ts';
import { isEmailLike } from '#src/features/auth/utils/email.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { linkClasses } from './auth-layout.tsx';

type FieldName = 'fullName' | 'email' | 'country' | 'password' | 'repeatPassword' | 'acceptTerms';
const FIELDS: readonly FieldName[] = [
  'fullName',
  'email',
  'country',
  'password',
  'repeatPassword',
  'acceptTerms',
];

function isField(value: string | undefined): value is FieldName {
  return (FIELDS as readonly string[]).includes(value ?? '');
}

/**
 * Registration (spec sections 2 and 5): the rules are checked here in the spec's order with the same
 * function the server uses, then the server checks them again and whether the e-mail exists; an error
 * shows on its own field. Success logs the customer in, confirms with a toast and goes to /store.
 */
export function RegisterForm(): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const registration = useRegister({
    onRegistered: () => {
      showNotice(t('auth.register.success'));
      void navigate(paths.store, { replace: true });
    },
  });
  const id = useId();
  const fieldId = (name: FieldName) => `${id}-${name}`;

  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState('');
  const [password, setPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const showProblem = (field: FieldName, message: string) => {
    setErrors({ [field]: message });
    focusField(fieldId(field));
  };

  const clearError = (field: FieldName) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const countryId = country === '' ? null : Number(country);
    const problem = registrationProblem({
      password,
      repeatPassword,
      country: countryId,
      fullName,
      acceptTerms,
    });
    if (problem && isField(problem.field)) {
      showProblem(problem.field, t(`errors.${problem.code}`));
      return;
    }
    if (email.trim() === '') {
      showProblem('email', t('errors.EMAIL_REQUIRED'));
      return;
    }
    if (!isEmailLike(email)) {
      showProblem('email', t('auth.invalidEmail'));
      return;
    }
    setErrors({});
    registration.mutate(
      { fullName, email, country: countryId, password, repeatPassword, acceptTerms, language: locale },
      {
        onError: (error) => {
          if (error instanceof ApiError && isField(error.field)) {
            const code: ErrorCode | string = error.error;
            showProblem(
              error.field,
              code === 'VALIDATION_FAILED' && error.field === 'email'
                ? t('auth.invalidEmail')
                : getErrorMessage(error),
            );
            return;
          }
          setFormError(
            error instanceof ApiError && error.error === 'CUSTOMER_NOT_CREATED'
              ? `${t('auth.userUpNOK')} ${getErrorMessage(error)}`
              : getErrorMessage(error),
          );
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        id={fieldId('fullName')}
        name="fullName"
        autoComplete="name"
        label={t('auth.register.fullName')}
        hint={t('auth.register.fullNameHint')}
        error={errors.fullName}
        maxLength={120}
        value={fullName}
        onChange={(event) => {
          setFullName(event.target.value);
          clearError('fullName');
        }}
      />
      <TextField
        id={fieldId('email')}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        label={t('auth.register.email')}
        error={errors.email}
        maxLength={254}
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          clearError('email');
        }}
      />
      <CountryField
        id={fieldId('country')}
        locale={locale}
        placeholder={t('auth.register.countryPlaceholder')}
        label={t('auth.register.country')}
        error={errors.country}
        value={country}
        onChange={(event) => {
          setCountry(event.target.value);
          clearError('country');
        }}
      />
      <PasswordField
        id={fieldId('password')}
        name="password"
        autoComplete="new-password"
        label={t('auth.register.password')}
        hint={t('auth.register.passwordHint', { count: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          clearError('password');
        }}
      />
      <PasswordField
        id={fieldId('repeatPassword')}
        name="repeatPassword"
        autoComplete="new-password"
        label={t('auth.register.repeatPassword')}
        error={errors.repeatPassword}
        value={repeatPassword}
        onChange={(event) => {
          setRepeatPassword(event.target.value);
          clearError('repeatPassword');
        }}
      />
      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-3">
          <input
            id={fieldId('acceptTerms')}
            name="acceptTerms"
            type="checkbox"
            checked={acceptTerms}
            onChange={(event) => {
              setAcceptTerms(event.target.checked);
              clearError('acceptTerms');
            }}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${fieldId('acceptTerms')}-error` : undefined}
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
          />
          <label htmlFor={fieldId('acceptTerms')} className="text-sm leading-relaxed text-ink-muted">
            {t('auth.register.termsBefore')}
            <Link to={paths.terms} target="_blank" className={linkClasses}>
              {t('auth.register.termsLink')}
            </Link>
            {t('auth.register.termsMiddle')}
            <Link to={paths.policy} target="_blank" className={linkClasses}>
              {t('auth.register.policyLink')}
            </Link>
            {t('auth.register.termsAfter')}
          </label>
        </div>
        <FieldError id={fieldId('acceptTerms')} error={errors.acceptTerms} />
      </div>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" disabled={registration.isPending} className="w-full">
        {registration.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
      </Button>
    </form>
  );
}
