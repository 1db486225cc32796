import { useState } from 'react';
import { focusField } from '#src/components/ui/form-controls.tsx';

type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * The errors of a form checked before it is sent: one field's error at a time, shown with the focus on
 * that field (`fieldId` names its control); editing a field takes its error away.
 */
export function useFieldErrors<F extends string>(fieldId: (field: F) => string) {
  const [errors, setErrors] = useState<Errors<F>>({});
  return {
    errors,
    /** Shows this field's error, and no other, and puts the focus on the field. */
    show: (field: F, message: string) => {
      setErrors({ [field]: message } as Errors<F>);
      focusField(fieldId(field));
    },
    /** The field was edited: its error goes. */
    clear: (field: F) => {
      if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest as Errors<F>);
    },
    clearAll: () => setErrors({}),
  };
}
