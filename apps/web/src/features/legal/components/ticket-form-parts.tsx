import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequiredCheckboxField } from '#src/components/ui/required-checkbox-field.tsx';
import { paths } from '#src/config/paths.ts';

/** The required consent to the processing of the message, with its error under it. */
export function ConsentField({
  id,
  checked,
  error,
  onChange,
}: {
  id: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <RequiredCheckboxField id={id} name="consent" checked={checked} error={error} onChange={onChange}>
      {t('support.form.consent')}{' '}
      <Link
        to={paths.policy}
        target="_blank"
        className="font-medium text-brand underline-offset-4 hover:underline"
      >
        {t('legalMenu.policy')}
      </Link>
    </RequiredCheckboxField>
  );
}

/**
 * A field people never see or reach (off screen, out of the Tab order, hidden from screen readers) but
 * that form-filling scripts find and fill: a message with it filled in is refused by the server.
 */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div
      aria-hidden="true"
      data-testid="contact-honeypot"
      className="absolute -left-[9999px] top-0 size-px overflow-hidden"
    >
      <label htmlFor={id}>{t('support.form.website')}</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
