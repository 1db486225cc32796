import { couponKinds } from '@keyland/core/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '#src/components/ui/form-controls.tsx';
import { COUPON_MAX_GAMES, COUPON_NAME_MAX } from '#src/features/admin/api/admin-coupons-api.ts';
import { useCheckedForm } from '#src/features/admin/hooks/use-checked-form.ts';
import {
  COUPON_FIELD_ORDER,
  type CouponFormMode,
  type CouponFormValues,
  emptyCouponForm,
  validateCouponForm,
} from '#src/features/admin/utils/coupon-form.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { AdminForm, type FormSaveProps } from './form-actions.tsx';
import { ScopeFields } from './scope-fields.tsx';

export interface CouponFormProps extends FormSaveProps {
  mode: CouponFormMode;
  initial?: CouponFormValues;
  /** For a batch: how many codes it has. */
  batchCodes?: number;
  /** Called with a valid form (see validateCouponForm). */
  onSubmit: (values: CouponFormValues) => void;
}

const narrow = 'sm:max-w-56';

/**
 * Create a coupon with a typed code, generate a batch of single-use codes (a count and a prefix instead
 * of the code), or change either before it starts. The server's rules are checked before sending and
 * each message sits under its field; the server's own field errors land there too, a code already in use
 * under the code. The times are typed in Tallinn time and sent as UTC instants.
 */
export function CouponForm({
  mode,
  initial = emptyCouponForm,
  batchCodes = 0,
  error,
  onSubmit,
  children,
  ...save
}: CouponFormProps): ReactNode {
  const { t } = useTranslation();
  const form = useCheckedForm({
    initial,
    fields: COUPON_FIELD_ORDER,
    renamed: { games: 'gameIds' },
    codeFields: { COUPON_CODE_TAKEN: 'code' },
    validate: (values: CouponFormValues) => validateCouponForm(values, mode),
    message: (reason) => t(`coupons.form.errors.${reason}`),
    error,
    pending: save.pending,
    onValid: onSubmit,
  });
  const { values, field } = form;

  return (
    <AdminForm {...save} error={form.formError} onSubmit={form.submit} back={children}>
      <TextField
        label={t('coupons.form.name')}
        hint={t('coupons.form.nameHint')}
        required
        maxLength={COUPON_NAME_MAX}
        {...field('name')}
      />
      {mode === 'code' ? (
        <TextField
          label={t('coupons.form.code')}
          hint={t('coupons.form.codeHint')}
          required
          maxLength={40}
          spellCheck={false}
          autoCapitalize="characters"
          className={narrow}
          {...field('code')}
        />
      ) : null}
      {mode === 'generate' ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('coupons.form.count')}
            hint={t('coupons.form.countHint')}
            required
            inputMode="numeric"
            {...field('count')}
          />
          <TextField
            label={t('coupons.form.prefix')}
            hint={t('coupons.form.prefixHint')}
            maxLength={10}
            spellCheck={false}
            autoCapitalize="characters"
            {...field('prefix')}
          />
        </div>
      ) : null}
      {mode === 'batch' ? (
        <div className="flex flex-col gap-0.5">
          <p className="text-sm font-medium text-ink">{t('coupons.form.batchCodes')}</p>
          <p className="text-sm text-ink-muted">{t('coupons.codes', { count: batchCodes })}</p>
        </div>
      ) : null}
      <ChoiceGroup
        legend={t('coupons.form.kind')}
        options={couponKinds.map((kind) => ({ value: kind, label: t(`coupons.form.kinds.${kind}`) }))}
        {...form.choice('kind')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {values.kind === 'percent' ? (
          <TextField
            label={t('coupons.form.percentOff')}
            hint={t('coupons.form.percentOffHint')}
            required
            inputMode="numeric"
            {...field('percentOff')}
          />
        ) : (
          <TextField
            label={t('coupons.form.amount')}
            hint={t('coupons.form.amountHint')}
            required
            inputMode="decimal"
            {...field('amount')}
          />
        )}
        <TextField
          label={t('coupons.form.minBasket')}
          hint={t('coupons.form.minBasketHint')}
          inputMode="decimal"
          {...field('minBasket')}
        />
      </div>
      <ScopeFields form={form} maxGames={COUPON_MAX_GAMES} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('coupons.form.startsAt')}
          hint={t('coupons.form.startsAtHint')}
          type="datetime-local"
          {...field('startsAt')}
        />
        <TextField label={t('coupons.form.endsAt')} type="datetime-local" required {...field('endsAt')} />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('coupons.form.maxUses')}
          hint={t('coupons.form.maxUsesHint')}
          inputMode="numeric"
          {...field('maxUses')}
        />
        <TextField
          label={t('coupons.form.perCustomer')}
          hint={t('coupons.form.perCustomerHint')}
          required
          inputMode="numeric"
          {...field('perCustomer')}
        />
      </div>
    </AdminForm>
  );
}
