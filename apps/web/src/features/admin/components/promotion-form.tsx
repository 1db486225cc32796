import { MAX_PERCENT_OFF, promotionKinds } from '@keyland/core/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '#src/components/ui/form-controls.tsx';
import {
  PROMOTION_MAX_DAYS,
  PROMOTION_MAX_GAMES,
  PROMOTION_NAME_MAX,
  type PromotionInput,
} from '#src/features/admin/api/admin-promotions-api.ts';
import { useCheckedForm } from '#src/features/admin/hooks/use-checked-form.ts';
import {
  emptyPromotionForm,
  formToPromotionInput,
  PROMOTION_FIELD_ORDER,
  type PromotionFormValues,
  validatePromotionForm,
} from '#src/features/admin/utils/promotion-form.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { AdminForm, type FormSaveProps } from './form-actions.tsx';
import { ScopeFields } from './scope-fields.tsx';

export interface PromotionFormProps extends FormSaveProps {
  initial?: PromotionFormValues;
  onSubmit: (input: PromotionInput) => void;
}

/**
 * Create or change a promotion. The server's rules are checked before sending (a name, the amount its
 * kind needs, the platform or games its scope needs, an end after the start and at most 92 days later)
 * and each message sits under its field; the server's own field errors land there too. The times are
 * typed in Tallinn time and sent as UTC instants.
 */
export function PromotionForm({
  initial = emptyPromotionForm,
  error,
  onSubmit,
  children,
  ...save
}: PromotionFormProps): ReactNode {
  const { t } = useTranslation();
  const form = useCheckedForm({
    initial,
    fields: PROMOTION_FIELD_ORDER,
    renamed: { games: 'gameIds' },
    validate: validatePromotionForm,
    message: (reason) => t(`promotions.form.errors.${reason}`, { max: PROMOTION_MAX_DAYS }),
    error,
    pending: save.pending,
    onValid: (values) => onSubmit(formToPromotionInput(values)),
  });
  const { values, field } = form;

  return (
    <AdminForm {...save} error={form.formError} onSubmit={form.submit} back={children}>
      <TextField
        label={t('promotions.form.name')}
        hint={t('promotions.form.nameHint')}
        required
        maxLength={PROMOTION_NAME_MAX}
        {...field('name')}
      />
      <ChoiceGroup
        legend={t('promotions.form.kind')}
        options={promotionKinds.map((kind) => ({ value: kind, label: t(`promotions.kinds.${kind}`) }))}
        {...form.choice('kind')}
      />
      {values.kind === 'percent' ? (
        <TextField
          label={t('promotions.form.percentOff')}
          hint={t('promotions.form.percentOffHint', { max: MAX_PERCENT_OFF })}
          required
          inputMode="numeric"
          className="sm:max-w-40"
          {...field('percentOff')}
        />
      ) : (
        <TextField
          label={t('promotions.form.fixedPrice')}
          hint={t('promotions.form.fixedPriceHint')}
          required
          inputMode="decimal"
          className="sm:max-w-40"
          {...field('fixedPrice')}
        />
      )}
      <ScopeFields form={form} maxGames={PROMOTION_MAX_GAMES} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('promotions.form.startsAt')}
          type="datetime-local"
          required
          {...field('startsAt')}
        />
        <TextField
          label={t('promotions.form.endsAt')}
          hint={t('promotions.form.endsAtHint', { max: PROMOTION_MAX_DAYS })}
          type="datetime-local"
          required
          {...field('endsAt')}
        />
      </div>
    </AdminForm>
  );
}
