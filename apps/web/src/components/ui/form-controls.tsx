import { ChevronDown, Eye, EyeOff } from 'lucide-react';
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#src/lib/cn.ts';

/** The look of every text box, select and text area of the account forms. */
export const controlClasses =
  'block min-h-11 w-full rounded-lg border border-line-strong bg-raised px-3 py-2 text-base text-ink ' +
  'placeholder:text-ink-faint transition-colors focus:border-brand focus-visible:outline-2 ' +
  'focus-visible:outline-brand-strong aria-[invalid=true]:border-danger read-only:cursor-default ' +
  'read-only:border-line read-only:bg-surface read-only:text-ink-muted';

/** Ids of the hint and error lines of a field, for aria-describedby. */
export function describedBy(id: string, { hint, error }: { hint?: ReactNode; error?: string | undefined }) {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** The control; it must carry `id`, `aria-invalid` and `aria-describedby` (see `controlA11y`). */
  children: ReactNode;
  className?: string;
}

/**
 * A labelled form field: label above, the control, an optional hint, and the error right under the
 * control. The error line always exists (empty when fine) and is a polite live region, so a new error is
 * announced; the control points at it with aria-describedby.
 */
export function Field({ id, label, hint, error, children, className }: FieldProps): ReactNode {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs leading-relaxed text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * The error line of a field or a group of choices (`${id}-error`, which the control's aria-describedby
 * names): always there, empty and hidden when fine, a polite live region so a new error is announced.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }): ReactNode {
  return (
    <p
      id={`${id}-error`}
      aria-live="polite"
      className={cn('text-sm font-medium text-danger', error ? '' : 'sr-only')}
    >
      {error ?? ''}
    </p>
  );
}

/** The accessibility attributes a field's control needs. */
export function controlA11y(id: string, { hint, error }: { hint?: ReactNode; error?: string | undefined }) {
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
  };
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps): ReactNode {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input className={cn(controlClasses, className)} {...controlA11y(id, { hint, error })} {...input} />
    </Field>
  );
}

/** An e-mail box: the phone's e-mail keyboard, and no spell check on the address. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'spellCheck'>): ReactNode {
  return <TextField type="email" inputMode="email" spellCheck={false} {...props} />;
}

/** A password box with a show/hide button (the button is a real, labelled toggle). */
export function PasswordField({ id, label, hint, error, className, ...input }: TextFieldProps): ReactNode {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <input
          type={visible ? 'text' : 'password'}
          className={cn(controlClasses, 'pr-12', className)}
          {...controlA11y(id, { hint, error })}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-pressed={visible}
          aria-label={t('auth.showPassword')}
          title={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-ink-muted hover:text-ink"
        >
          {visible ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
    </Field>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

/** A native select (keyboard and screen-reader behaviour for free), styled like the text boxes. */
export function SelectField({
  id,
  label,
  hint,
  error,
  className,
  children,
  ...select
}: SelectFieldProps): ReactNode {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="relative">
        <select
          className={cn(controlClasses, 'appearance-none pr-10', className)}
          {...controlA11y(id, { hint, error })}
          {...select}
        >
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted"
        />
      </div>
    </Field>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

export function TextAreaField({ id, label, hint, error, className, ...area }: TextAreaFieldProps): ReactNode {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea
        className={cn(controlClasses, 'min-h-28 resize-y leading-relaxed', className)}
        {...controlA11y(id, { hint, error })}
        {...area}
      />
    </Field>
  );
}

/** A message about the whole form: an error (assertive alert) or a success (polite status). */
export function FormMessage({
  tone,
  children,
  className,
}: {
  tone: 'error' | 'success';
  children: ReactNode;
  className?: string;
}): ReactNode {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-3 py-2.5 text-sm font-medium',
        tone === 'error'
          ? 'border-danger/40 bg-danger-soft text-danger'
          : 'border-brand/40 bg-brand-soft text-brand-strong',
        className,
      )}
    >
      {children}
    </p>
  );
}

/** Frames `focusField` waits at most for its element to be rendered (about a sixth of a second). */
const FOCUS_FRAMES = 10;

/**
 * Focuses an element by id once it is on the page: the control of the first field in error after a
 * failed submit, or the button a closed form gives focus back to. The element may appear only when React
 * commits a state change made in the same callback, which can come after the next frame: it is looked for
 * again each frame until it is there (a few frames at most).
 */
export function focusField(id: string, frames = FOCUS_FRAMES): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (element) element.focus();
    else if (frames > 1) focusField(id, frames - 1);
  });
}

/** A check box with its label beside it; `describedBy` names the hint lines under it, if any. */
export function CheckboxField({
  id,
  checked,
  onChange,
  describedBy: hints,
  labelClassName,
  children,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string | undefined;
  labelClassName?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hints}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
      />
      <label htmlFor={id} className={cn('text-sm leading-snug text-ink', labelClassName)}>
        {children}
      </label>
    </div>
  );
}
