import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FieldError } from '#src/components/ui/form-controls.tsx';
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
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name="consent"
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-ink-muted">
          {t('support.form.consent')}{' '}
          <Link
            to={paths.policy}
            target="_blank"
            className="font-medium text-brand underline-offset-4 hover:underline"
          >
            {t('legalMenu.policy')}
          </Link>
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
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
