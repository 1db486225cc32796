import type { ErrorCode } from '@keyland/core/errors';
import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import { focusField } from '#src/components/ui/form-controls.tsx';
import { formFieldOf } from '#src/features/admin/utils/discount-form.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';

/** The keys of `Values` that hold typed text. */
type TextKey<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/**
 * The state of a form checked before it is sent (the discount forms): the values as typed; the message
 * under each field, its own check's or else the server's for the field the last save's error names; and
 * a submit that checks, moves the focus to the first field in error, or hands the values on.
 */
export function useCheckedForm<Values extends object, Field extends string, Reason extends string>({
  initial,
  fields,
  renamed,
  codeFields,
  validate,
  message,
  error,
  pending,
  onValid,
}: {
  initial: Values;
  /** The fields in their order on screen. */
  fields: readonly Field[];
  /** The values whose field has another name (`games` → `gameIds`); the others are named like their value. */
  renamed?: Partial<Record<keyof Values, Field>>;
  /** Error codes that belong under a field whether or not the server names it (`COUPON_CODE_TAKEN` → `code`). */
  codeFields?: Partial<Record<ErrorCode, Field>>;
  validate: (values: Values) => Partial<Record<Field, Reason>>;
  /** The text of a reason a field is refused. */
  message: (reason: Reason) => string;
  /** The failure of the last save, if any. */
  error: unknown;
  pending: boolean;
  onValid: (values: Values) => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, Reason>>>({});
  const fieldId = (field: Field) => `${id}-${field}`;
  const serverField =
    error instanceof ApiError
      ? (codeFields?.[error.error as ErrorCode] ?? formFieldOf(fields, error.field))
      : undefined;

  const fieldError = (field: Field): string | undefined => {
    const reason = errors[field];
    if (reason) return message(reason);
    return serverField === field ? getErrorMessage(error) : undefined;
  };

  const change = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    const field = renamed?.[key] ?? (key as unknown as Field);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The value and change handler of a text input. */
  const text = (key: TextKey<Values>) => ({
    value: values[key] as string,
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(key, event.target.value as Values[typeof key]),
  });

  /** What a text field takes: its id, its message, its value and change handler (no browser suggestions). */
  const field = (name: TextKey<Values> & Field) => ({
    id: fieldId(name),
    error: fieldError(name),
    autoComplete: 'off',
    ...text(name),
  });

  /** What a group of choices takes (see ChoiceGroup): its id, its value, change handler and message. */
  const choice = <K extends keyof Values & Field>(key: K) => ({
    id: fieldId(key),
    value: values[key],
    onChange: (value: Values[K]) => change(key, value),
    error: fieldError(key),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validate(values);
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) focusField(fieldId(first));
    else onValid(values);
  };

  return {
    values,
    change,
    field,
    choice,
    fieldId,
    fieldError,
    submit,
    /** The last save's failure when it names none of the fields: shown above the buttons. */
    formError: serverField ? null : error,
  };
}
