import { BIO_MAX_LENGTH, FULL_NAME_MAX_LENGTH, nameWords } from '@keyland/core/account-rules';
import { isLocale, type Locale, localeNames, locales, toLocale } from '@keyland/core/locales';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { CountryField } from '#src/components/ui/country-field.tsx';
import { FormMessage, SelectField, TextAreaField, TextField } from '#src/components/ui/form-controls.tsx';
import { type Profile, useUpdateProfile } from '#src/features/profile/api/profile.ts';
import { useFieldErrors } from '#src/hooks/use-field-errors.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';

type FieldName = 'fullName' | 'country' | 'language' | 'bio';
const FIELDS: readonly string[] = ['fullName', 'country', 'language', 'bio'];

/**
 * The profile form (spec "Profile"): e-mail read-only; full name (two words), country (one of the 27),
 * language (one of the 24) and a plain-text bio. Success says 'Perfil actualizado correctamente'.
 */
export function ProfileForm({ profile }: { profile: Profile }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const save = useUpdateProfile();
  const id = useId();
  const fieldId = (name: FieldName | 'email') => `${id}-${name}`;

  const [fullName, setFullName] = useState(profile.full_name);
  const [country, setCountry] = useState(profile.country_id === null ? '' : String(profile.country_id));
  const [language, setLanguage] = useState<Locale>(toLocale(profile.lang, locale));
  const [bio, setBio] = useState(profile.bio);
  const { errors, show: showProblem, clear, clearAll: clearErrors } = useFieldErrors<FieldName>(fieldId);

  const edited = (field: FieldName) => {
    save.reset();
    clear(field);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (nameWords(fullName).length < 2) return showProblem('fullName', t('errors.FULL_NAME_TWO_WORDS'));
    if (country === '') return showProblem('country', t('errors.COUNTRY_REQUIRED'));
    clearErrors();
    save.mutate(
      { fullName, country: Number(country), language, bio },
      {
        // Show what was stored (names trimmed, HTML taken out of the bio).
        onSuccess: (saved) => {
          setFullName(saved.full_name);
          setBio(saved.bio);
          setLanguage(toLocale(saved.lang, language));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.field && FIELDS.includes(error.field))
            showProblem(error.field as FieldName, getErrorMessage(error));
        },
      },
    );
  };

  const formError =
    save.isError && !(save.error instanceof ApiError && save.error.field && FIELDS.includes(save.error.field))
      ? getErrorMessage(save.error)
      : null;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        id={fieldId('email')}
        label={t('profile.email')}
        hint={t('profile.emailHint')}
        type="email"
        value={profile.email}
        readOnly
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={fieldId('fullName')}
          name="fullName"
          autoComplete="name"
          label={t('profile.fullName')}
          error={errors.fullName}
          maxLength={FULL_NAME_MAX_LENGTH}
          value={fullName}
          onChange={(event) => {
            setFullName(event.target.value);
            edited('fullName');
          }}
        />
        <CountryField
          id={fieldId('country')}
          locale={locale}
          placeholder={country === '' ? t('auth.register.countryPlaceholder') : undefined}
          label={t('profile.country')}
          error={errors.country}
          value={country}
          onChange={(event) => {
            setCountry(event.target.value);
            edited('country');
          }}
        />
      </div>
      <SelectField
        id={fieldId('language')}
        name="language"
        label={t('profile.language')}
        hint={t('profile.languageHint')}
        error={errors.language}
        value={language}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLanguage(event.target.value);
          edited('language');
        }}
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code}>
            {localeNames[code]}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id={fieldId('bio')}
        name="bio"
        rows={5}
        label={t('profile.bio')}
        hint={`${t('profile.bioHint')} (${bio.length}/${BIO_MAX_LENGTH})`}
        error={errors.bio}
        maxLength={BIO_MAX_LENGTH}
        value={bio}
        onChange={(event) => {
          setBio(event.target.value);
          edited('bio');
        }}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      {save.isSuccess ? <FormMessage tone="success">{t('profile.updated')}</FormMessage> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? t('profile.submitting') : t('profile.submit')}
        </Button>
      </div>
    </form>
  );
}
