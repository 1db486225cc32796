import { imageCodeFileName, parseImageCode } from '@keyland/core/image-code';
import { Check, Copy, Download, Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { contactFormHref } from '#src/config/paths.ts';
import { useCopyToClipboard } from '#src/hooks/use-copy-to-clipboard.ts';
import { cn } from '#src/lib/cn.ts';
import { displayKey } from '#src/utils/mask-key.ts';

const iconButton =
  'inline-flex min-h-10 shrink-0 items-center justify-center gap-1.5 rounded-lg border border-line-strong bg-raised px-3 text-sm font-medium text-ink transition-colors hover:border-brand/60 hover:bg-line';

export interface ActivationKeyProps {
  code: string;
  /** The game, for the buttons' accessible names. */
  title: string;
  /** Hidden behind 14 dots until shown (history); shown at once right after payment. */
  maskable?: boolean;
  className?: string;
  /** Told when the customer shows the hidden key (not when they hide it again). */
  onReveal?: () => void;
  /** Told when the key was copied (not when the browser refused). */
  onCopy?: () => void;
  /** The customer downloaded a code delivered as a picture (the access log a dispute cites). */
  onDownload?: () => void;
}

/**
 * An activation key in monospace, with show/hide (when maskable) and copy ("copied" for 2 s).
 * A code delivered as a picture (an image data URL) is shown as that picture, with a download link instead of copy.
 */
export function ActivationKey({
  code,
  title,
  maskable = true,
  className,
  onReveal,
  onCopy,
  onDownload,
}: ActivationKeyProps): ReactNode {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(!maskable);
  const { state, copy } = useCopyToClipboard();

  if (!code) {
    return (
      <p className={cn('text-sm text-ink-muted', className)}>
        {t('history.noKey')}{' '}
        <Link to={contactFormHref} className="font-medium text-brand-strong underline underline-offset-2">
          {t('redeem.contactSupport')}
        </Link>
      </p>
    );
  }

  const toggle = maskable ? (
    <button
      type="button"
      onClick={() => {
        if (!revealed) onReveal?.();
        setRevealed(!revealed);
      }}
      aria-pressed={revealed}
      aria-label={revealed ? t('history.hideKey', { title }) : t('history.showKey', { title })}
      className={iconButton}
    >
      {revealed ? (
        <EyeOff aria-hidden="true" className="size-4" />
      ) : (
        <Eye aria-hidden="true" className="size-4" />
      )}
      <span>{revealed ? t('history.hide') : t('history.show')}</span>
    </button>
  ) : null;

  const image = parseImageCode(code);
  if (image) {
    return (
      <div className={cn('flex flex-col gap-2', className)}>
        {revealed ? (
          <img
            src={image.dataUrl}
            alt={t('history.imageKeyAlt', { title })}
            data-testid="activation-key-image"
            className="h-auto w-full max-w-md rounded-lg border border-line bg-white"
          />
        ) : (
          <>
            <span className="sr-only">{t('history.keyHidden')}</span>
            <code
              aria-hidden="true"
              data-testid="activation-key"
              data-revealed={false}
              className="min-h-10 w-full min-w-0 rounded-lg border border-line bg-canvas px-3 py-2 font-mono text-sm tracking-wider text-ink sm:text-base"
            >
              {displayKey(code, false)}
            </code>
          </>
        )}
        <p className="text-xs text-ink-muted">{t('history.imageKeyNote')}</p>
        <div className="flex flex-wrap gap-2 [&>*]:flex-1 sm:[&>*]:flex-none">
          {toggle}
          <a
            href={image.dataUrl}
            download={imageCodeFileName(title, image)}
            className={iconButton}
            onClick={() => onDownload?.()}
          >
            <Download aria-hidden="true" className="size-4" />
            {/* The visible words begin the accessible name (WCAG 2.5.3); the game follows for screen readers. */}
            <span>{t('history.downloadImage')}</span>
            <span className="sr-only">: {title}</span>
          </a>
        </div>
      </div>
    );
  }

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {revealed ? null : <span className="sr-only">{t('history.keyHidden')}</span>}
        <code
          aria-hidden={!revealed || undefined}
          data-testid="activation-key"
          data-revealed={revealed}
          className="min-h-10 w-full min-w-0 rounded-lg sm:flex-1 border border-line bg-canvas px-3 py-2 font-mono text-sm tracking-wider break-all text-ink select-all sm:text-base"
        >
          {displayKey(code, revealed)}
        </code>
        <div className="flex gap-2 [&>button]:flex-1 sm:[&>button]:flex-none">
          {toggle}
          <button
            type="button"
            onClick={() =>
              void copy(code).then((copied) => {
                if (copied) onCopy?.();
              })
            }
            aria-label={state === 'copied' ? t('history.copied') : t('history.copyKey', { title })}
            className={cn(iconButton, state === 'copied' && 'border-brand/60 text-brand-strong')}
          >
            {state === 'copied' ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            <span>{state === 'copied' ? t('history.copied') : t('history.copy')}</span>
          </button>
        </div>
      </div>
      <p aria-live="polite" className="text-xs empty:hidden">
        {state === 'failed' ? <span className="text-danger">{t('history.copyFailed')}</span> : null}
        {state === 'copied' ? <span className="sr-only">{t('history.copiedKey', { title })}</span> : null}
      </p>
    </div>
  );
}
