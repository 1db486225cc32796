import { formatDateTime } from '@keyland/core/dates';
import { parseImageCode } from '@keyland/core/image-code';
import { Eye, EyeOff } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#src/components/ui/button.tsx';
import { SelectField } from '#src/components/ui/form-controls.tsx';
import {
  type AdminKey,
  type KeyStatus,
  useProductKeys,
  useRevealKey,
} from '#src/features/admin/api/admin-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { Badge, type BadgeTone, EmptyBlock } from './admin-page.tsx';
import { tdClasses } from './admin-table.tsx';
import { ConfirmDialog, useConfirmOpen } from './confirm-dialog.tsx';
import { PagedTable } from './paged-table.tsx';

const STATUSES: KeyStatus[] = ['available', 'reserved', 'sold', 'revoked', 'defective'];

export const keyTone: Record<KeyStatus, BadgeTone> = {
  available: 'success',
  reserved: 'warning',
  sold: 'neutral',
  revoked: 'danger',
  defective: 'danger',
};

/** How a key looks while hidden: its masked tail, or a short translated label for an image code. */
export function MaskedKey({
  adminKey,
  className,
}: {
  adminKey: Pick<AdminKey, 'masked' | 'kind'>;
  className?: string;
}): ReactNode {
  const { t } = useTranslation();
  if (adminKey.kind === 'image')
    return (
      <span className={className} data-kind="image">
        {t('admin.keys.imageCode')}
      </span>
    );
  return <code className={`font-mono tracking-wider ${className ?? ''}`}>{adminKey.masked}</code>;
}

/** A revealed key: the code in monospace, or the picture when the code was delivered as an image. */
function RevealedKey({ code }: { code: string }): ReactNode {
  const { t } = useTranslation();
  const image = parseImageCode(code);
  if (image)
    return (
      <img
        src={image.dataUrl}
        alt={t('admin.keys.imageCodeAlt')}
        data-revealed
        className="h-auto w-full max-w-xs rounded border border-line bg-white"
      />
    );
  return (
    <code className="font-mono text-sm tracking-wider break-all text-ink" data-revealed>
      {code}
    </code>
  );
}

/** The reveal step of one key: a confirmation that says the reveal is logged, then the code. */
function RevealButton({
  adminKey,
  onRevealed,
}: {
  adminKey: AdminKey;
  onRevealed: (code: string) => void;
}): ReactNode {
  const { t } = useTranslation();
  const reveal = useRevealKey();
  const dialog = useConfirmOpen(reveal);
  const masked = adminKey.kind === 'image' ? t('admin.keys.imageCode') : adminKey.masked;
  return (
    <ConfirmDialog
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      trigger={
        <Button variant="secondary" size="sm" aria-label={t('admin.keys.revealLabel', { masked })}>
          <Eye aria-hidden="true" className="size-4" />
          {t('admin.keys.reveal')}
        </Button>
      }
      title={t('admin.keys.revealTitle')}
      description={
        <>
          <p>{t('admin.keys.revealBody', { masked })}</p>
          <p className="font-medium text-ink">{t('admin.keys.revealLogged')}</p>
        </>
      }
      tone="primary"
      confirmLabel={t('admin.keys.revealConfirm')}
      pendingLabel={t('admin.keys.revealing')}
      pending={reveal.isPending}
      error={reveal.error}
      onConfirm={() =>
        reveal.mutate(adminKey.id, {
          onSuccess: (key) => {
            onRevealed(key.code);
            dialog.close();
          },
        })
      }
    />
  );
}

/** The keys of a game, masked, with their state and order; any one can be revealed (logged). */
export function KeysTable({ productId }: { productId: number }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const id = useId();
  const [status, setStatus] = useState<KeyStatus | ''>('');
  const [page, setPage] = useState(1);
  const [revealed, setRevealed] = useState<Record<number, string>>({});
  const keys = useProductKeys(productId, status, page);

  const body = (
    <PagedTable
      section="keys"
      query={keys}
      empty={<EmptyBlock>{status ? t('admin.keys.noneWithStatus') : t('admin.keys.none')}</EmptyBlock>}
      columns={[
        { label: t('admin.keys.code') },
        { label: t('admin.keys.state') },
        { label: t('admin.keys.order') },
        { label: t('admin.keys.added') },
      ]}
      page={page}
      onPage={setPage}
      row={(key) => {
        const code = revealed[key.id];
        return (
          <tr key={key.id} data-testid="admin-key-row">
            <td className={tdClasses}>
              <div className="flex items-center justify-between gap-3">
                {code ? (
                  <RevealedKey code={code} />
                ) : (
                  <MaskedKey adminKey={key} className="text-sm text-ink" />
                )}
                {code ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() =>
                      setRevealed((current) => {
                        const next = { ...current };
                        delete next[key.id];
                        return next;
                      })
                    }
                  >
                    <EyeOff aria-hidden="true" className="size-4" />
                    {t('admin.keys.hide')}
                  </Button>
                ) : (
                  <RevealButton
                    adminKey={key}
                    onRevealed={(value) => setRevealed((current) => ({ ...current, [key.id]: value }))}
                  />
                )}
              </div>
            </td>
            <td className={tdClasses}>
              <Badge tone={keyTone[key.status]}>{t(`admin.keys.status.${key.status}`)}</Badge>
            </td>
            <td className={tdClasses}>
              {key.orderId ? (
                <Link
                  to={adminPaths.order(key.orderId)}
                  className="text-ink hover:text-brand-strong hover:underline"
                >
                  #{key.orderId}
                </Link>
              ) : (
                <span className="text-ink-faint">—</span>
              )}
            </td>
            <td className={`${tdClasses} text-ink-muted`}>{formatDateTime(key.createdAt, locale)}</td>
          </tr>
        );
      }}
    />
  );

  return (
    <div className="flex flex-col">
      <div className="border-b border-line p-4 sm:px-5">
        <div className="sm:max-w-64">
          <SelectField
            id={`${id}-status`}
            label={t('admin.keys.filter')}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as KeyStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('admin.keys.allStatuses')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`admin.keys.status.${value}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {body}
    </div>
  );
}
