import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail } from '#src/features/admin/api/admin-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';
import { Badge, EmptyBlock } from './admin-page.tsx';
import { AdminTable, tdClasses } from './admin-table.tsx';
import { keyTone, MaskedKey } from './keys-table.tsx';
import { GameLink } from './products-view.tsx';

/** The lines of an order in the back office: game, quantity, prices and each key with its status. */
export function OrderLines({ order }: { order: AdminOrderDetail }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  if (order.lines.length === 0) return <EmptyBlock>{t('admin.orders.noLines')}</EmptyBlock>;
  return (
    <AdminTable
      label={t('admin.orders.lines')}
      columns={[
        { label: t('admin.products.game') },
        { label: t('admin.orders.quantity'), numeric: true },
        { label: t('admin.orders.unitPrice'), numeric: true },
        { label: t('admin.orders.total'), numeric: true },
        { label: t('admin.orders.keys') },
      ]}
    >
      {order.lines.map((line) => (
        <tr key={line.id} data-testid="admin-order-line">
          <td className={`${tdClasses} align-top`}>
            <GameLink id={line.gameId} title={line.title} />
            <span className="block text-xs text-ink-muted">{line.platform}</span>
          </td>
          <td className={`${tdClasses} text-right align-top tabular-nums`}>
            {formatCount(line.quantity, locale)}
          </td>
          <td className={`${tdClasses} text-right align-top tabular-nums`}>
            {formatEuros(roundEurosToCents(line.unitPrice), locale)}
          </td>
          <td className={`${tdClasses} text-right align-top tabular-nums`}>
            {formatEuros(roundEurosToCents(line.total), locale)}
          </td>
          <td className={`${tdClasses} align-top`}>
            {line.keys.length === 0 ? (
              <span className="text-ink-faint">{t('admin.orders.noKeys')}</span>
            ) : (
              <ul className="flex flex-col gap-1.5">
                {line.keys.map((key) => (
                  <li key={key.id} className="flex items-center gap-2" data-testid="admin-order-key">
                    <MaskedKey adminKey={key} className="text-xs text-ink" />
                    <Badge tone={keyTone[key.status]}>{t(`admin.keys.status.${key.status}`)}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
