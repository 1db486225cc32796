import { MAX_PERCENT_OFF, promotionKinds, promotionScopes } from '@keyland/core/pricing';
import { LoaderCircle, Save } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { FormMessage, focusField, SelectField, TextField } from '#src/components/ui/form-controls.tsx';
import {
  PROMOTION_MAX_DAYS,
  PROMOTION_NAME_MAX,
  type PromotionInput,
  usePromotionPlatforms,
} from '#src/features/admin/api/admin-promotions-api.ts';
import {
  emptyPromotionForm,
  formToPromotionInput,
  PROMOTION_FIELD_ORDER,
  type PromotionField,
  type PromotionFormErrors,
  type PromotionFormValues,
  promotionFieldOf,
  validatePromotionForm,
} from '#src/features/admin/utils/promotion-form.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { PromotionGamePicker } from './promotion-game-picker.tsx';

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
  const id = useId();
  const platforms = usePromotionPlatforms();
  const [values, setValues] = useState<PromotionFormValues>(initial);
  const [errors, setErrors] = useState<PromotionFormErrors>({});
  const fieldId = (field: PromotionField) => `${id}-${field}`;

  const serverField = error instanceof ApiError ? promotionFieldOf(error.field) : undefined;
  const fieldError = (field: PromotionField): string | undefined => {
    const local = errors[field];
    if (local) return t(`promotions.form.errors.${local}`, { max: PROMOTION_MAX_DAYS });
    if (serverField === field) return getErrorMessage(error);
    return undefined;
  };

  const change = <K extends keyof PromotionFormValues>(
    key: K,
    value: PromotionFormValues[K],
    field: PromotionField = key as PromotionField,
  ) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (key: 'name' | 'percentOff' | 'fixedPrice' | 'startsAt' | 'endsAt') => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) => change(key, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = validatePromotionForm(values);
    setErrors(found);
    const first = PROMOTION_FIELD_ORDER.find((field) => found[field]);
    if (first) {
      focusField(fieldId(first));
      return;
    }
    onSubmit(formToPromotionInput(values));
  };

  const platformOptions = [
    ...new Set([...(platforms.data ?? []), ...(values.platform ? [values.platform] : [])]),
  ];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-busy={pending || undefined}>
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
      <ChoiceGroup
        id={fieldId('scope')}
        legend={t('promotions.form.scope')}
        options={promotionScopes.map((scope) => ({ value: scope, label: t(`promotions.scopes.${scope}`) }))}
        value={values.scope}
        onChange={(scope) => change('scope', scope)}
        error={fieldError('scope')}
      />
      {values.scope === 'platform' ? (
        <SelectField
          id={fieldId('platform')}
          label={t('promotions.form.platform')}
          required
          value={values.platform}
          onChange={(event) => change('platform', event.target.value)}
          error={fieldError('platform') ?? (platforms.isError ? getErrorMessage(platforms.error) : undefined)}
        >
          <option value="">
            {platforms.isPending
              ? t('promotions.form.platformsLoading')
              : t('promotions.form.choosePlatform')}
          </option>
          {platformOptions.map((platform) => (
            <option key={platform} value={platform}>
              {platform}
            </option>
          ))}
        </SelectField>
      ) : null}
      {values.scope === 'games' ? (
        <PromotionGamePicker
          id={fieldId('gameIds')}
          chosen={values.games}
          onChange={(games) => change('games', games, 'gameIds')}
          error={fieldError('gameIds')}
        />
      ) : null}
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
      {error && !serverField ? <FormMessage tone="error">{getErrorMessage(error)}</FormMessage> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? (
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <Save aria-hidden="true" className="size-4" />
          )}
          {pending ? pendingLabel : submitLabel}
        </Button>
        {children}
      </div>
    </form>
  );
}
