import {
  type GiftField,
  type GiftFormValues,
  type GiftProblem,
  type GiftRequest,
  giftProblems,
  giftRequestOf,
  tallinnToday,
} from '@keyland/core/gift-rules';
import { useId, useState } from 'react';
import { focusField } from '#src/components/ui/form-controls.tsx';
import { useLocale } from '#src/hooks/use-locale.ts';

/** The order in which the fields are shown (the first one in error takes the focus). */
export const giftFieldOrder: readonly GiftField[] = [
  'recipientName',
  'recipientEmail',
  'message',
  'deliverOn',
  'lang',
];

export interface GiftForm {
  enabled: boolean;
  setEnabled: (enabled: boolean) => void;
  values: GiftFormValues;
  set: (field: GiftField, value: string) => void;
  /** The field was left: its problem may show. */
  touch: (field: GiftField) => void;
  /** The problem to show under a field (after it was left, or after a checkout was attempted). */
  problemOf: (field: GiftField) => GiftProblem | undefined;
  idOf: (field: GiftField) => string;
  today: string;
  /** The gift to send with the checkout: null when the order is not a gift or a field is wrong. */
  request: GiftRequest | null;
  /** A gift whose fields are not right yet: the checkout shows their problems and waits. */
  invalid: boolean;
  /** Shows every problem and focuses the first field in error. */
  showProblems: () => void;
}

/**
 * The "This is a gift" part of the checkout: off by default; on, its fields are checked with the same rules
 * as the server's (@keyland/core/gift-rules), in the buyer's language by default.
 */
export function useGiftForm(): GiftForm {
  const locale = useLocale();
  const prefix = useId();
  const [enabled, setEnabled] = useState(false);
  const [values, setValues] = useState<GiftFormValues>({
    recipientName: '',
    recipientEmail: '',
    message: '',
    deliverOn: '',
    lang: locale,
  });
  const [touched, setTouched] = useState<ReadonlySet<GiftField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const today = tallinnToday();
  const problems = enabled ? giftProblems(values, today) : {};
  const invalid = Object.keys(problems).length > 0;
  const idOf = (field: GiftField) => `${prefix}-gift-${field}`;

  return {
    enabled,
    setEnabled: (next) => {
      setEnabled(next);
      if (!next) setAttempted(false);
    },
    values,
    set: (field, value) => setValues((current) => ({ ...current, [field]: value })),
    touch: (field) => setTouched((current) => new Set(current).add(field)),
    problemOf: (field) => (attempted || touched.has(field) ? problems[field] : undefined),
    idOf,
    today,
    request: enabled && !invalid ? giftRequestOf(values) : null,
    invalid,
    showProblems: () => {
      setAttempted(true);
      const first = giftFieldOrder.find((field) => problems[field]);
      if (first) focusField(idOf(first));
    },
  };
}
