import { formatDateTime } from '@keyland/core/dates';
import * as Dialog from '@radix-ui/react-dialog';
import { Copy, Download, Eye, X, ZoomIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminClaim, claimScreenshotUrl } from '#src/features/admin/api/admin-claims-api.ts';

// The parts of a claim card that show the evidence: the customer's screenshot (larger in a dialog) and
// the reveals and copies of the key in the customer's history.

/** The screenshot as a thumbnail; a click (or Enter) opens it at full size. */
export function ClaimScreenshot({ claimId }: { claimId: number }): ReactNode {
  const { t } = useTranslation();
  const src = claimScreenshotUrl(claimId);
  return (
    <Dialog.Root>
      <Dialog.Trigger
        aria-label={t('admin.claims.screenshotOpen', { id: claimId })}
        className="group relative block w-fit overflow-hidden rounded-lg border border-line-strong bg-raised focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-strong"
      >
        <img
          data-testid="claim-screenshot"
          src={src}
          alt={t('admin.claims.screenshotAlt', { id: claimId })}
          width={176}
          height={112}
          loading="lazy"
          className="h-28 w-44 object-cover transition-opacity group-hover:opacity-80"
        />
        <span className="absolute right-1.5 bottom-1.5 grid size-7 place-items-center rounded-full bg-black/70 text-white">
          <ZoomIn aria-hidden="true" className="size-4" />
        </span>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80 backdrop-blur-[2px]" />
        <Dialog.Content
          data-testid="claim-screenshot-dialog"
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[min(64rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-2xl border border-line-strong bg-surface p-3 shadow-2xl shadow-black/60 outline-none sm:p-4"
        >
          <div className="flex items-center justify-between gap-3">
            <Dialog.Title className="text-base font-semibold text-ink">
              {t('admin.claims.screenshotTitle', { id: claimId })}
            </Dialog.Title>
            <Dialog.Close
              aria-label={t('admin.claims.screenshotClose')}
              className="grid size-11 shrink-0 place-items-center rounded-lg text-ink-muted hover:bg-raised hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-strong"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 overflow-auto">
            <img
              src={src}
              alt={t('admin.claims.screenshotAlt', { id: claimId })}
              className="mx-auto h-auto max-h-[calc(100dvh-8rem)] w-auto max-w-full rounded-lg"
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Every reveal and copy of the claimed key, the oldest first, or a sentence when there was none. */
export function KeyAccessLog({ entries }: { entries: AdminClaim['keyAccess'] }): ReactNode {
  const { t, i18n } = useTranslation();
  if (entries.length === 0)
    return (
      <p data-testid="claim-access-none" className="text-sm text-ink-muted">
        {t('admin.claims.accessNone')}
      </p>
    );
  return (
    <ul className="flex flex-col gap-1.5 text-sm">
      {entries.map((entry) => {
        const Icon = { reveal: Eye, copy: Copy, download: Download }[entry.action];
        return (
          <li
            key={`${entry.at}-${entry.action}`}
            data-testid="claim-access"
            className="flex flex-wrap items-center gap-x-2 gap-y-0.5"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
            <span className="font-medium text-ink">
              {t(`admin.claims.access.${entry.action}`, { defaultValue: entry.action })}
            </span>
            <time dateTime={entry.at} className="text-ink-muted">
              {formatDateTime(entry.at, i18n.language)}
            </time>
            {entry.ip ? (
              <span className="text-xs break-all text-ink-faint">
                {t('admin.claims.accessIp', { ip: entry.ip })}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
