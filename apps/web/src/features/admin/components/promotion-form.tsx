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
import { FormActions } from './form-actions.tsx';
import { ScopeFields } from './scope-fields.tsx';

export interface PromotionFormProps {
  initial?: PromotionFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The failure of the last save, if any (a field error is shown under its field). */
  error: unknown;
  onSubmit: (input: PromotionInput) => void;
  /** Next to the submit button (a way back). */
  children?: ReactNode;
}

/**
 * Create or change a promotion. The server's rules are checked before sending (a name, the amount its
 * kind needs, the platform or games its scope needs, an end after the start and at most 92 days later)
 * and each message sits under its field; the server's own field errors land there too. The times are
 * typed in Tallinn time and sent as UTC instants.
 */
export function PromotionForm({
  initial = emptyPromotionForm,
  submitLabel,
  pendingLabel,
  pending,
  error,
  onSubmit,
  children,
}: PromotionFormProps): ReactNode {
  const { t } = useTranslation();
  const form = useCheckedForm({
    initial,
    fields: PROMOTION_FIELD_ORDER,
    renamed: { games: 'gameIds' },
    validate: validatePromotionForm,
    message: (reason) => t(`promotions.form.errors.${reason}`, { max: PROMOTION_MAX_DAYS }),
    error,
    pending,
    onValid: (values) => onSubmit(formToPromotionInput(values)),
  });
  const { values, change, text, fieldId, fieldError } = form;

  return (
    <form noValidate onSubmit={form.submit} className="flex flex-col gap-5" aria-busy={pending || undefined}>
      <p className="text-xs text-ink-muted">{t('admin.form.requiredNote')}</p>
      <TextField
        id={fieldId('name')}
        label={t('promotions.form.name')}
        hint={t('promotions.form.nameHint')}
        required
        maxLength={PROMOTION_NAME_MAX}
        autoComplete="off"
        error={fieldError('name')}
        {...text('name')}
      />
      <ChoiceGroup
        id={fieldId('kind')}
        legend={t('promotions.form.kind')}
        options={promotionKinds.map((kind) => ({ value: kind, label: t(`promotions.kinds.${kind}`) }))}
        value={values.kind}
        onChange={(kind) => change('kind', kind)}
        error={fieldError('kind')}
      />
      {values.kind === 'percent' ? (
        <TextField
          id={fieldId('percentOff')}
          label={t('promotions.form.percentOff')}
          hint={t('promotions.form.percentOffHint', { max: MAX_PERCENT_OFF })}
          required
          inputMode="numeric"
          autoComplete="off"
          className="sm:max-w-40"
          error={fieldError('percentOff')}
          {...text('percentOff')}
        />
      ) : (
        <TextField
          id={fieldId('fixedPrice')}
          label={t('promotions.form.fixedPrice')}
          hint={t('promotions.form.fixedPriceHint')}
          required
          inputMode="decimal"
          autoComplete="off"
          className="sm:max-w-40"
          error={fieldError('fixedPrice')}
          {...text('fixedPrice')}
        />
      )}
      <ScopeFields
        values={values}
        onChange={change}
        fieldId={fieldId}
        fieldError={fieldError}
        maxGames={PROMOTION_MAX_GAMES}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id={fieldId('startsAt')}
          label={t('promotions.form.startsAt')}
          type="datetime-local"
          required
          error={fieldError('startsAt')}
          {...text('startsAt')}
        />
        <TextField
          id={fieldId('endsAt')}
          label={t('promotions.form.endsAt')}
          hint={t('promotions.form.endsAtHint', { max: PROMOTION_MAX_DAYS })}
          type="datetime-local"
          required
          error={fieldError('endsAt')}
          {...text('endsAt')}
        />
      </div>
      <FormActions
        error={form.formError}
        pending={pending}
        submitLabel={submitLabel}
        pendingLabel={pendingLabel}
      >
        {children}
      </FormActions>
    </form>
  );
}
