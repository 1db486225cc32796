import { promotionScopes } from '@keyland/core/pricing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '#src/components/ui/form-controls.tsx';
import { useCataloguePlatforms } from '#src/features/admin/api/admin-api.ts';
import type { ScopeValues } from '#src/features/admin/utils/discount-form.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { ChoiceGroup } from './choice-group.tsx';
import { GamePicker } from './game-picker.tsx';

export type ScopeField = 'scope' | 'platform' | 'gameIds';

/**
 * Which games a discount (a promotion, a coupon) applies to: all, one platform of the catalogue, or
 * games searched and ticked. Part of the discount's form (see useCheckedForm), which owns the values and
 * the messages.
 */
export function ScopeFields({
  form,
  maxGames,
}: {
  form: {
    values: ScopeValues;
    change: (key: keyof ScopeValues, value: ScopeValues[keyof ScopeValues]) => void;
    fieldId: (field: ScopeField) => string;
    fieldError: (field: ScopeField) => string | undefined;
  };
  maxGames: number;
}): ReactNode {
  const { values, change, fieldId, fieldError } = form;
  const { t } = useTranslation();
  const platforms = useCataloguePlatforms();
  // The saved platform stays choosable even if the catalogue no longer lists it.
  const platformOptions = [
    ...new Set([...(platforms.data ?? []), ...(values.platform ? [values.platform] : [])]),
  ];
  return (
    <>
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
        <GamePicker
          id={fieldId('gameIds')}
          chosen={values.games}
          max={maxGames}
          onChange={(games) => change('games', games)}
          error={fieldError('gameIds')}
        />
      ) : null}
    </>
  );
}
