import { isoToTallinnInput } from '@keyland/core/dates';
import { CalendarClock, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '#src/components/ui/form-controls.tsx';

/** Whether a typed release date (YYYY-MM-DD) is after today in Tallinn, where a release day begins. */
export function isFutureRelease(releaseDate: string, now: Date = new Date()): boolean {
  const day = releaseDate.trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day > isoToTallinnInput(now.toISOString()).slice(0, 10);
}

/**
 * The product form's "Allow pre-orders" box. Pre-orders only open while the release date is in the
 * future: the hint says so, and a ticked box without such a date says it has no effect yet.
 */
export function PreorderCheckbox({
  id,
  checked,
  releaseDate,
  onChange,
}: {
  id: string;
  checked: boolean;
  /** The release date as typed in the form. */
  releaseDate: string;
  onChange: (checked: boolean) => void;
}): ReactNode {
  const { t } = useTranslation();
  const idle = checked && !isFutureRelease(releaseDate);
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-line bg-raised/40 p-3">
      <CheckboxField
        id={id}
        checked={checked}
        onChange={onChange}
        describedBy={`${id}-hint${idle ? ` ${id}-idle` : ''}`}
        labelClassName="flex items-center gap-1.5 font-medium"
      >
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-brand" />
        {t('admin.preorders.allow')}
      </CheckboxField>
      <p id={`${id}-hint`} className="text-xs leading-relaxed text-ink-muted">
        {t('admin.preorders.allowHint')}
      </p>
      {idle ? (
        <p
          id={`${id}-idle`}
          data-testid="preorder-idle"
          className="flex items-start gap-1.5 text-xs text-amber-300"
        >
          <TriangleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          {t('admin.preorders.allowNoDate')}
        </p>
      ) : null}
    </div>
  );
}
