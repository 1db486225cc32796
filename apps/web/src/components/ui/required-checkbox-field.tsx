import type { ReactNode } from 'react';
import { FieldError } from './form-controls.tsx';

/**
 * A check box that must be ticked before a form is sent (the terms, a consent): its label beside it, its
 * error line under it, which the box points at while there is an error.
 */
export function RequiredCheckboxField({
  id,
  name,
  checked,
  error,
  onChange,
  children,
}: {
  id: string;
  name: string;
  checked: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
  /** The label. */
  children: ReactNode;
}): ReactNode {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
        />
        <label htmlFor={id} className="text-sm leading-relaxed text-ink-muted">
          {children}
        </label>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
