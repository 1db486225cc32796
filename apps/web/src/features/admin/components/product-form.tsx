import { activationScopes } from '@keyland/core/activation';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FormMessage,
  focusField,
  SelectField,
  TextAreaField,
  TextField,
} from '#src/components/ui/form-controls.tsx';
import {
  countryCodesOf,
  emptyProductForm,
  formFieldOf,
  type ProductField,
  type ProductFieldError,
  type ProductFormValues,
  productFieldErrorKey,
  validateProductForm,
} from '#src/features/admin/utils/product-form.ts';
import { ApiError, getErrorMessage } from '#src/lib/api-client.ts';
import { activationInWords } from '#src/utils/activation-in-words.ts';
import { AdminForm, type FormSaveProps } from './form-actions.tsx';
import { PreorderCheckbox } from './preorder-checkbox.tsx';

const FIELD_ORDER: ProductField[] = [
  'title',
  'price',
  'platform',
  'priceBuy',
  'region',
  'languages',
  'activationScope',
  'activationCountries',
  'releaseDate',
  'preorderAllowed',
  'coverUrl',
  'description',
];

export interface ProductFormProps extends FormSaveProps {
  initial?: ProductFormValues;
  onSubmit: (values: ProductFormValues) => void;
  /** Shown instead of sending when nothing changed (edit). */
  unchangedMessage?: string;
  /** The platforms of the catalogue, offered as suggestions for the platform field. */
  platforms: readonly string[];
}

/**
 * Create or edit a game. The spec's rules are checked before sending (title, price and platform
 * required; prices are numbers with at most two decimals) and each message sits under its field; the
 * server's own field errors land there too.
 */
export function ProductForm({
  initial = emptyProductForm,
  error,
  onSubmit,
  unchangedMessage,
  platforms,
  children,
  ...save
}: ProductFormProps): ReactNode {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<ProductFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<ProductField, ProductFieldError>>>({});
  const [unchanged, setUnchanged] = useState(false);
  const fieldId = (field: ProductField) => `${id}-${field}`;

  const serverField = error instanceof ApiError ? formFieldOf(error.field) : undefined;
  const fieldError = (field: ProductField): string | undefined => {
    const local = errors[field];
    if (local) return t(productFieldErrorKey(local));
    if (serverField === field) return getErrorMessage(error);
    return undefined;
  };

  const set = (field: ProductField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setUnchanged(false);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProductForm(values);
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      focusField(fieldId(first));
      return;
    }
    if (unchangedMessage && FIELD_ORDER.every((field) => values[field] === initial[field])) {
      setUnchanged(true);
      return;
    }
    onSubmit(values);
  };

  const showFormError = error && !serverField;
  const codes = values.activationScope === 'countries' ? countryCodesOf(values.activationCountries) : [];
  const countryNames =
    codes.length > 0
      ? activationInWords({ scope: 'countries', countries: codes }, i18n.language, t)
      : undefined;

  return (
    <AdminForm {...save} error={showFormError ? error : null} onSubmit={submit} back={children} dense>
      <TextField
        id={fieldId('title')}
        label={t('admin.form.title')}
        required
        value={values.title}
        onChange={set('title')}
        error={fieldError('title')}
        maxLength={300}
        autoComplete="off"
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id={fieldId('price')}
          label={t('admin.form.price')}
          hint={t('admin.form.priceHint')}
          required
          inputMode="decimal"
          value={values.price}
          onChange={set('price')}
          error={fieldError('price')}
          autoComplete="off"
        />
        <TextField
          id={fieldId('priceBuy')}
          label={t('admin.form.priceBuy')}
          hint={t('admin.form.priceBuyHint')}
          inputMode="decimal"
          value={values.priceBuy}
          onChange={set('priceBuy')}
          error={fieldError('priceBuy')}
          autoComplete="off"
        />
        <TextField
          id={fieldId('platform')}
          label={t('admin.form.platform')}
          hint={t('admin.form.platformHint')}
          required
          list={`${id}-platforms`}
          value={values.platform}
          onChange={set('platform')}
          error={fieldError('platform')}
          maxLength={60}
          autoComplete="off"
        />
        <datalist id={`${id}-platforms`}>
          {platforms.map((platform) => (
            <option key={platform} value={platform} />
          ))}
        </datalist>
        <TextField
          id={fieldId('region')}
          label={t('admin.form.region')}
          placeholder="EU"
          value={values.region}
          onChange={set('region')}
          error={fieldError('region')}
          maxLength={60}
        />
        <TextField
          id={fieldId('languages')}
          label={t('admin.form.languages')}
          placeholder="Multilanguage"
          value={values.languages}
          onChange={set('languages')}
          error={fieldError('languages')}
          maxLength={300}
        />
        <TextField
          id={fieldId('releaseDate')}
          label={t('admin.form.releaseDate')}
          type="date"
          value={values.releaseDate}
          onChange={set('releaseDate')}
          error={fieldError('releaseDate')}
        />
        <SelectField
          id={fieldId('activationScope')}
          label={t('admin.form.activationScope')}
          hint={t('admin.form.activationScopeHint')}
          value={values.activationScope}
          onChange={set('activationScope')}
          error={fieldError('activationScope')}
        >
          {activationScopes.map((scope) => (
            <option key={scope} value={scope}>
              {t(`admin.form.activationScopes.${scope}`)}
            </option>
          ))}
        </SelectField>
        {values.activationScope === 'countries' ? (
          <TextField
            id={fieldId('activationCountries')}
            label={t('admin.form.activationCountries')}
            hint={
              <>
                {t('admin.form.activationCountriesHint')}
                {countryNames ? <span className="block text-ink">{countryNames}</span> : null}
              </>
            }
            required
            value={values.activationCountries}
            onChange={set('activationCountries')}
            error={fieldError('activationCountries')}
            placeholder="ES, PT, FR"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
          />
        ) : null}
      </div>
      <PreorderCheckbox
        id={fieldId('preorderAllowed')}
        checked={values.preorderAllowed}
        releaseDate={values.releaseDate}
        onChange={(checked) => {
          setValues((current) => ({ ...current, preorderAllowed: checked }));
          setUnchanged(false);
        }}
      />
      <TextField
        id={fieldId('coverUrl')}
        label={t('admin.form.coverUrl')}
        hint={t('admin.form.coverUrlHint')}
        value={values.coverUrl}
        onChange={set('coverUrl')}
        error={fieldError('coverUrl')}
        maxLength={500}
        inputMode="url"
      />
      <TextAreaField
        id={fieldId('description')}
        label={t('admin.form.description')}
        value={values.description}
        onChange={set('description')}
        error={fieldError('description')}
        maxLength={20_000}
        rows={5}
      />
      {unchanged && unchangedMessage ? <FormMessage tone="success">{unchangedMessage}</FormMessage> : null}
    </AdminForm>
  );
}
