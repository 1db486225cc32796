import type { Locale } from '@keyland/core/locales';
import type { ReactNode } from 'react';
import { countryOptions } from '#src/utils/country-options.ts';
import { SelectField, type SelectFieldProps } from './form-controls.tsx';

/** The country of an account: every country named in the reader's language, after an optional placeholder. */
export function CountryField({
  locale,
  placeholder,
  ...field
}: Omit<SelectFieldProps, 'children' | 'name' | 'autoComplete'> & {
  locale: Locale;
  /** The empty choice's text; without it there is no empty choice. */
  placeholder?: string | undefined;
}): ReactNode {
  return (
    <SelectField name="country" autoComplete="country" {...field}>
      {placeholder === undefined ? null : <option value="">{placeholder}</option>}
      {countryOptions(locale).map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}
