import { ImageUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from '#src/components/ui/inline-error.tsx';
import { showNotice } from '#src/components/ui/notice.tsx';
import type { AdminProduct } from '#src/features/admin/api/admin-api.ts';
import { COVER_MAX_BYTES, COVER_TYPES, useUploadCover } from '#src/features/admin/api/admin-security-api.ts';

/** The game's cover: the current image and a file picker that uploads at once (PNG, JPEG or WebP, ≤ 2 MB). */
export function CoverUpload({ product }: { product: AdminProduct }): ReactNode {
  const { t } = useTranslation();
  const id = useId();
  const upload = useUploadCover(product.id);
  const [localError, setLocalError] = useState<string | null>(null);
  const maxMegabytes = String(COVER_MAX_BYTES / 1024 / 1024);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setLocalError(null);
    upload.reset();
    // Quick checks for a clear message; the server checks the bytes themselves.
    if (file.size > COVER_MAX_BYTES) return setLocalError(t('errors.COVER_TOO_LARGE', { maxMegabytes }));
    if (!(COVER_TYPES as readonly string[]).includes(file.type))
      return setLocalError(t('errors.COVER_TYPE_NOT_ALLOWED'));
    upload.mutate(file, { onSuccess: () => showNotice(t('admin.cover.uploaded')) });
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <div className="w-32 shrink-0 overflow-hidden rounded-lg border border-line bg-raised">
        {product.coverUrl ? (
          <img
            src={product.coverUrl}
            alt={t('admin.cover.current', { title: product.title })}
            className="aspect-[3/4] w-full object-cover"
            data-testid="admin-cover-image"
          />
        ) : (
          <p className="flex aspect-[3/4] items-center justify-center p-2 text-center text-xs text-ink-muted">
            {t('admin.cover.none')}
          </p>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <label
          htmlFor={`${id}-file`}
          className="inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-4 text-sm font-semibold text-ink hover:bg-raised focus-within:outline-2 focus-within:outline-brand"
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {upload.isPending ? t('admin.cover.uploading') : t('admin.cover.choose')}
          <input
            id={`${id}-file`}
            type="file"
            accept={COVER_TYPES.join(',')}
            className="sr-only"
            onChange={choose}
            disabled={upload.isPending}
            aria-describedby={`${id}-hint`}
            data-testid="admin-cover-input"
          />
        </label>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {t('admin.cover.hint', { maxMegabytes })}
        </p>
        <div aria-live="polite">
          {localError ? <InlineError>{localError}</InlineError> : null}
          {upload.isError ? <InlineError error={upload.error} /> : null}
        </div>
      </div>
    </div>
  );
}
