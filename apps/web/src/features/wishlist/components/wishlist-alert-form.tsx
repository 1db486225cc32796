import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { WishlistItem } from '@keyland/core/schemas/wishlist';
import { BellRing } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { CheckboxField, FormMessage, focusField, TextField } from '#src/components/ui/form-controls.tsx';
import { useLocale } from '#src/hooks/use-locale.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { useSetWishlistAlert } from '../api/change-wishlist.ts';
import { type AlertFormValues, alertOf, formValuesOf } from '../utils/alert-form.ts';

/** The alerts set, in a few words ('Price at or below €15.00 · Back in stock'), for the closed disclosure. */
function useAlertSummary(item: WishlistItem): string {
  const { t } = useTranslation();
  const locale = useLocale();
  const { priceDrop, priceBelow, backInStock } = item.alert;
  const parts = [
    priceDrop
      ? priceBelow === null
        ? t('wishlist.alerts.summaryAnyDrop')
        : t('wishlist.alerts.summaryBelow', { price: formatEuros(roundEurosToCents(priceBelow), locale) })
      : null,
    backInStock ? t('wishlist.alerts.summaryStock') : null,
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(' · ') : t('wishlist.alerts.summaryOff');
}

/**
 * A game's e-mail alerts behind a disclosure: a price drop (any, or to a limit or lower) and its return to
 * stock. At most one alert mail a day, with every game that has news.
 */
export function WishlistAlertForm({ item }: { item: WishlistItem }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const save = useSetWishlistAlert();
  const [values, setValues] = useState<AlertFormValues>(() => formValuesOf(item.alert, locale));
  const [priceError, setPriceError] = useState<string | undefined>();
  const summary = useAlertSummary(item);
  const change = (patch: Partial<AlertFormValues>) => {
    setValues((previous) => ({ ...previous, ...patch }));
    save.reset();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const alert = alertOf(values);
    if (alert === 'price') {
      setPriceError(t('wishlist.alerts.priceInvalid'));
      focusField(`${id}-below`);
      return;
    }
    setPriceError(undefined);
    save.mutate({ providerId: item.providerId, alert });
  };

  return (
    <details className="group rounded-lg border border-line bg-raised/40 open:bg-raised/60">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-ink [&::-webkit-details-marker]:hidden">
        <BellRing aria-hidden="true" className="size-4 shrink-0 text-brand" />
        <span>{t('wishlist.alerts.title')}</span>
        <span className="min-w-0 truncate font-normal text-ink-muted" data-testid="alert-summary">
          {summary}
        </span>
      </summary>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3 border-t border-line px-3 py-3">
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('wishlist.alerts.legend', { title: item.title })}</legend>
          <CheckboxField
            id={`${id}-drop`}
            checked={values.priceDrop}
            onChange={(priceDrop) => change({ priceDrop })}
          >
            {t('wishlist.alerts.priceDrop')}
          </CheckboxField>
          <TextField
            id={`${id}-below`}
            name="priceBelow"
            inputMode="decimal"
            autoComplete="off"
            className="max-w-40"
            label={t('wishlist.alerts.priceBelow')}
            hint={t('wishlist.alerts.priceBelowHint')}
            error={priceError}
            disabled={!values.priceDrop}
            value={values.priceBelow}
            onChange={(event) => change({ priceBelow: event.target.value })}
          />
          <CheckboxField
            id={`${id}-stock`}
            checked={values.backInStock}
            onChange={(backInStock) => change({ backInStock })}
          >
            {t('wishlist.alerts.backInStock')}
          </CheckboxField>
        </fieldset>
        <p className="text-xs leading-relaxed text-ink-muted">{t('wishlist.alerts.howOften')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" size="sm" disabled={save.isPending}>
            {save.isPending ? t('wishlist.alerts.saving') : t('wishlist.alerts.save')}
          </Button>
        </div>
        {save.isSuccess ? <FormMessage tone="success">{t('wishlist.alerts.saved')}</FormMessage> : null}
        {save.isError ? <FormMessage tone="error">{getErrorMessage(save.error)}</FormMessage> : null}
      </form>
    </details>
  );
}
