import { centsToEuros } from '@keyland/core/money';
import type { AdminProduct } from '@keyland/core/schemas/admin';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import type { GameRow, KeyCounts } from './products.repository.ts';

/** What describes a game, as the back office shows and edits it; its description sanitised. */
function describedFields(row: GameRow) {
  return {
    hidden: row.hidden,
    region: row.region,
    activationScope: row.activationScope,
    activationCountries: row.activationCountries,
    languages: row.languages,
    releaseDate: row.releaseDate,
    preorderAllowed: row.preorderAllowed,
    description: row.description === null ? null : sanitizeRichText(row.description),
    coverUrl: row.coverUrl,
    genres: row.genres,
    developers: row.developers,
    publishers: row.publishers,
  };
}

/** Row → the back office's product; its description sanitised again on the way out. */
export function toAdminProduct(row: GameRow, keys: KeyCounts): AdminProduct {
  return {
    id: row.id,
    providerId: row.providerId,
    productId: row.productId,
    title: row.title,
    platform: row.platform,
    platformGroup: row.platformGroup,
    price: centsToEuros(row.listPriceCents),
    priceBuy: centsToEuros(row.priceBuyCents),
    ...describedFields(row),
    keys,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an admin edits, as stored (cents), for the audit trail's before/after. */
export function auditView(row: GameRow): Record<string, unknown> {
  return {
    title: row.title,
    platform: row.platform,
    // The regular price an admin sets (a running sale's price is the pricing module's).
    priceCents: row.listPriceCents,
    priceBuyCents: row.priceBuyCents,
    ...describedFields(row),
  };
}
