import { PASSWORD_MIN_LENGTH, registrationProblem } from '@keyland/core/account-rules';
import type { ErrorCode } from '@keyland/core/errors';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { CountryField } from '#src/components/ui/country-field.tsx';
import { EmailField, FormMessage, PasswordField, TextField } from '#src/components/ui/form-controls.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import { RequiredCheckboxField } from '#src/components/ui/required-checkbox-field.tsx';
import { paths } from '#src/config/paths.ts';
import { useRegister } from '#src/features/auth/api/register.ts';
import { isEmailLike } from '#src/features/auth/utils/email.ts';
import { useFieldErrors } from '#src/hooks/use-field-errors.ts';
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

  const [values, setValues] = useState({
    fullName: '',
    email: '',
    country: '',
    password: '',
    repeatPassword: '',
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const { errors, show: showProblem, clear: clearError, clearAll: clearErrors } = useFieldErrors(fieldId);
  const [formError, setFormError] = useState<string | null>(null);
  const { fullName, email, country, password, repeatPassword } = values;

  /** A text field's id, value and error; typing in it takes its error away. */
  const field = (name: keyof typeof values) => ({
    id: fieldId(name),
    error: errors[name],
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      clearError(name);
    },
  });

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
    clearErrors();
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
        {...field('fullName')}
        name="fullName"
        autoComplete="name"
        label={t('auth.register.fullName')}
        hint={t('auth.register.fullNameHint')}
        maxLength={120}
      />
      <EmailField
        {...field('email')}
        name="email"
        autoComplete="email"
        label={t('auth.register.email')}
        maxLength={254}
      />
      <CountryField
        {...field('country')}
        locale={locale}
        placeholder={t('auth.register.countryPlaceholder')}
        label={t('auth.register.country')}
      />
      <PasswordField
        {...field('password')}
        name="password"
        autoComplete="new-password"
        label={t('auth.register.password')}
        hint={t('auth.register.passwordHint', { count: PASSWORD_MIN_LENGTH })}
      />
      <PasswordField
        {...field('repeatPassword')}
        name="repeatPassword"
        autoComplete="new-password"
        label={t('auth.register.repeatPassword')}
      />
      <RequiredCheckboxField
        id={fieldId('acceptTerms')}
        name="acceptTerms"
        checked={acceptTerms}
        error={errors.acceptTerms}
        onChange={(checked) => {
          setAcceptTerms(checked);
          clearError('acceptTerms');
        }}
      >
        {t('auth.register.termsBefore')}
        <Link to={paths.terms} target="_blank" className={linkClasses}>
          {t('auth.register.termsLink')}
        </Link>
        {t('auth.register.termsMiddle')}
        <Link to={paths.policy} target="_blank" className={linkClasses}>
          {t('auth.register.policyLink')}
        </Link>
        {t('auth.register.termsAfter')}
      </RequiredCheckboxField>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" disabled={registration.isPending} className="w-full">
        {registration.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
      </Button>
    </form>
  );
}
