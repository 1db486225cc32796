import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { controlClasses } from '#src/components/ui/form-controls.tsx';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import {
  type SupplierGamePrice,
  useSetPriceOverride,
  useSupplierGamePrice,
} from '#src/features/admin/api/supplier-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { cn } from '#src/lib/cn.ts';
import { AdminCard, Badge, ErrorBlock, LoadingBlock } from './admin-page.tsx';

/** "12,5" or "12.50" → 12.5; undefined when not a positive amount with at most two decimals. */
export function parseEuros(text: string): number | undefined {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(normalised)) return undefined;
  const value = Number(normalised);
  return value > 0 ? value : undefined;
}

function OverrideForm({ price }: { price: SupplierGamePrice }): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const save = useSetPriceOverride(price.gameId);
  const [text, setText] = useState(price.override === null ? '' : String(price.override));
  const [invalid, setInvalid] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim() === '' ? null : parseEuros(text);
    if (value === undefined) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(value, {
      onSuccess: (saved) => {
        setText(saved.override === null ? '' : String(saved.override));
        showNotice(t('supplier.price.saved'));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {t('supplier.price.override')}
        </label>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          className={cn(controlClasses, 'max-w-48')}
        />
        <p id={`${id}-hint`} className="text-xs text-ink-muted">
          {invalid ? t('supplier.price.invalid') : t('supplier.price.overrideHint')}
        </p>
      </div>
      {save.isError ? <InlineError error={save.error} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('supplier.price.save')}
        </Button>
        {price.override !== null ? (
          <Button
            variant="secondary"
            size="sm"
            disabled={save.isPending}
            onClick={() =>
              save.mutate(null, {
                onSuccess: () => {
                  setText('');
                  showNotice(t('supplier.price.saved'));
                },
              })
            }
          >
            {t('supplier.price.useRule')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * On an admin product page: the supplier's buying price, the rule price and the admin's own price for a
 * game bought from the key supplier; nothing for the store's own games.
 */
export function SupplierPriceCard({ gameId }: { gameId: number }): ReactNode {
  const { t, i18n } = useTranslation();
  const price = useSupplierGamePrice(gameId);
  if (price.isPending)
    return (
      <AdminCard title={t('supplier.price.title')}>
        <LoadingBlock label={t('supplier.price.loading')} />
      </AdminCard>
    );
  if (price.isError)
    return (
      <AdminCard title={t('supplier.price.title')} bodyClassName="p-0 sm:p-0">
        <ErrorBlock title={t('supplier.price.loadError')} query={price} />
      </AdminCard>
    );
  if (!price.data) return null;
  const data = price.data;
  const euros = (value: number) => formatEuros(roundEurosToCents(value), i18n.language);
  return (
    <AdminCard
      title={t('supplier.price.title')}
      actions={data.listed ? null : <Badge tone="warning">{t('supplier.price.delisted')}</Badge>}
    >
      <div className="flex flex-col gap-5 lg:flex-row lg:items-start lg:justify-between">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-ink-muted">{t('supplier.price.buy')}</dt>
            <dd className="font-semibold tabular-nums">{euros(data.priceBuy)}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">{t('supplier.price.rule')}</dt>
            <dd className="font-semibold tabular-nums">{euros(data.rulePrice)}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">{t('supplier.price.current')}</dt>
            <dd data-testid="supplier-price" className="font-semibold text-brand tabular-nums">
              {euros(data.price)}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">{t('supplier.price.stock')}</dt>
            <dd className="font-semibold tabular-nums">{formatCount(data.quantity, i18n.language)}</dd>
          </div>
        </dl>
        <OverrideForm key={`${data.override}`} price={data} />
      </div>
    </AdminCard>
  );
}
