import { ImagePlus, X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlA11y, Field } from '#src/components/ui/form-controls.tsx';
import { readScreenshot, SCREENSHOT_ACCEPT } from '#src/features/orders/utils/read-screenshot.ts';
import { useLocale } from '#src/hooks/use-locale.ts';

/** A file's size in megabytes, rounded up to a tenth (a file just over the limit never reads "1 MB"). */
function megabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 1,
  }).format(Math.ceil((bytes / (1024 * 1024)) * 10) / 10);
}

/**
 * The claim's optional screenshot: a file input for PNG, JPEG or WebP, checked here for its type and its
 * 1 MB limit (with the reason next to the field), then shown as a preview with a remove button.
 */
export function ClaimScreenshotField({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | undefined>();
  const hint = t('claims.screenshotHint');

  const choose = async (file: File | undefined) => {
    setError(undefined);
    if (!file) return;
    const check = await readScreenshot(file);
    if (check.ok) {
      onChange(check.dataUrl);
      return;
    }
    onChange(null);
    if (input.current) input.current.value = '';
    setError(
      check.problem === 'size'
        ? t('claims.screenshotTooLarge', { size: megabytes(file.size, locale) })
        : check.problem === 'type'
          ? t('claims.screenshotType')
          : t('claims.screenshotReadFailed'),
    );
  };

  const remove = () => {
    onChange(null);
    setError(undefined);
    if (input.current) {
      input.current.value = '';
      input.current.focus();
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <Field id={id} label={t('claims.screenshotLabel')} hint={hint} error={error}>
        <div className="relative">
          <input
            ref={input}
            type="file"
            accept={SCREENSHOT_ACCEPT}
            disabled={disabled}
            data-testid="claim-screenshot-input"
            onChange={(event) => void choose(event.target.files?.[0])}
            className="block w-full min-w-0 rounded-lg border border-dashed border-line-strong bg-raised py-2 pr-3 pl-10 text-sm text-ink-muted file:mr-3 file:min-h-9 file:cursor-pointer file:rounded-md file:border-0 file:bg-line file:px-3 file:text-sm file:font-semibold file:text-ink hover:border-brand/60 focus-visible:outline-2 focus-visible:outline-brand-strong disabled:cursor-not-allowed disabled:opacity-60"
            {...controlA11y(id, { hint, error })}
          />
          <ImagePlus
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted"
          />
        </div>
      </Field>
      {value ? (
        <div className="flex flex-col items-start gap-2">
          <img
            src={value}
            alt={t('claims.screenshotPreview')}
            data-testid="claim-screenshot-preview"
            className="max-h-40 max-w-full rounded-lg border border-line bg-canvas object-contain"
          />
          <button
            type="button"
            onClick={remove}
            disabled={disabled}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-line-strong bg-raised px-3 text-sm font-medium whitespace-nowrap text-ink transition-colors hover:border-danger/60 hover:text-danger disabled:cursor-not-allowed disabled:opacity-60"
          >
            <X aria-hidden="true" className="size-4" />
            {t('claims.removeScreenshot')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
