import { formatDay } from '@keyland/core/dates';
import {
  GIFT_MESSAGE_MAX,
  GIFT_NAME_MAX,
  type GiftField,
  type GiftProblem,
  giftDayRange,
} from '@keyland/core/gift-rules';
import { localeNames, locales } from '@keyland/core/locales';
import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  EmailField,
  SelectField,
  TextAreaField,
  TextField,
} from '#src/components/ui/form-controls.tsx';
import { useLocale } from '#src/hooks/use-locale.ts';
import type { GiftForm } from '../hooks/use-gift-form.ts';

/**
 * "This is a gift" at the checkout (decision 039): ticked, the whole order goes to the recipient by e-mail,
 * with a message, on a day of the buyer's choice (none: right after payment), in the language chosen.
 */
export function GiftFields({ form }: { form: GiftForm }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const range = giftDayRange(form.today);
  const toggleId = form.idOf('recipientName').replace(/recipientName$/, 'toggle');

  const problemText = (field: GiftField, problem: GiftProblem | undefined): string | undefined => {
    if (!problem) return undefined;
    if (problem === 'tooLong')
      return t('gifts.problems.tooLong', { max: field === 'message' ? GIFT_MESSAGE_MAX : GIFT_NAME_MAX });
    if (problem === 'dateRange')
      return t('gifts.problems.dateRange', { max: formatDay(range.max, locale) ?? range.max });
    return t(`gifts.problems.${problem}`);
  };
  const field = (name: GiftField) => ({
    id: form.idOf(name),
    value: form.values[name],
    error: problemText(name, form.problemOf(name)),
    onBlur: () => form.touch(name),
  });
  const onText =
    (name: GiftField) =>
    (event: { target: { value: string } }): void =>
      form.set(name, event.target.value);

  return (
    <div data-testid="gift-fields" className="flex flex-col gap-3 px-1">
      <CheckboxField
        id={toggleId}
        checked={form.enabled}
        onChange={form.setEnabled}
        describedBy={`${toggleId}-hint`}
        labelClassName="font-semibold"
      >
        <span className="inline-flex items-center gap-1.5">
          <Gift aria-hidden="true" className="size-4 text-brand" />
          {t('gifts.toggle')}
        </span>
      </CheckboxField>
      <p id={`${toggleId}-hint`} className="-mt-2 pl-8 text-xs leading-relaxed text-ink-muted">
        {form.enabled ? t('gifts.wholeOrder') : t('gifts.toggleHint')}
      </p>
      {form.enabled ? (
        <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-raised/40 px-3 pt-1 pb-3">
          <legend className="px-1 text-sm font-semibold text-ink">{t('gifts.legend')}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              {...field('recipientName')}
              label={t('gifts.recipientName')}
              autoComplete="off"
              maxLength={GIFT_NAME_MAX + 20}
              onChange={onText('recipientName')}
            />
            <EmailField
              {...field('recipientEmail')}
              label={t('gifts.recipientEmail')}
              autoComplete="off"
              onChange={onText('recipientEmail')}
            />
          </div>
          <TextAreaField
            {...field('message')}
            label={t('gifts.message')}
            hint={t('gifts.messageCount', { count: [...form.values.message].length, max: GIFT_MESSAGE_MAX })}
            rows={3}
            maxLength={GIFT_MESSAGE_MAX}
            className="min-h-20"
            onChange={onText('message')}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              {...field('deliverOn')}
              label={t('gifts.deliverOn')}
              hint={t('gifts.deliverOnHint')}
              type="date"
              min={range.min}
              max={range.max}
              onChange={onText('deliverOn')}
            />
            <SelectField {...field('lang')} label={t('gifts.lang')} onChange={onText('lang')}>
              {locales.map((code) => (
                <option key={code} value={code}>
                  {localeNames[code]}
                </option>
              ))}
            </SelectField>
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}
