import type { ReactNode } from 'react';
import { FieldError } from '#src/components/ui/form-controls.tsx';
import { cn } from '#src/lib/cn.ts';

/**
 * One choice of a few, as radio buttons in a labelled group with its error line. `id` sits on the
 * chosen radio, so a form can move the focus to the group.
 */
export function ChoiceGroup<Value extends string>({
  id,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  error?: string | undefined;
}): ReactNode {
  return (
    <fieldset
      aria-describedby={error ? `${id}-error` : undefined}
      className="m-0 flex min-w-0 flex-col gap-2 border-0 p-0"
    >
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border bg-raised px-3 py-2 text-sm text-ink transition-colors hover:border-brand/60 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-brand-strong',
              error ? 'border-danger' : 'border-line-strong',
            )}
          >
            <input
              type="radio"
              id={option.value === value ? id : undefined}
              name={id}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              className="size-4 shrink-0 accent-brand focus-visible:outline-none"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
