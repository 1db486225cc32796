import { randomBytes, randomUUID } from 'node:crypto';
import { eurosToCents } from '@keyland/core/money';
import { platformGroupOf } from '@keyland/core/platforms';
import type { AdminProduct, CreateProductInput, UpdateProductInput } from '@keyland/core/schemas/admin';
import { slugify } from '@keyland/core/slug';
import type { Database, Executor } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { catalogueChanged } from '../../../lib/catalogue-changed.ts';
import { sanitizeRichText } from '../../../lib/rich-text.ts';
import { auditTrail } from '../../audit/index.ts';
import { declarePriceChange, refreshSalePrices } from '../../pricing/index.ts';
import type { Actor } from '../index.ts';
import { auditView, toAdminProduct } from './products.mapper.ts';
import { createProductsRepository, type GameRow, type NewGameRow } from './products.repository.ts';

/** Turns the wire fields (euros) into column values (cents), leaving out what was not sent; rich text sanitised. */
function toColumns(input: UpdateProductInput): Partial<NewGameRow> {
  const out: Partial<NewGameRow> = {};
  if (input.title !== undefined) {
    out.title = input.title;
    out.slug = slugify(input.title);
  }
  if (input.platform !== undefined) {
    out.platform = input.platform;
    out.platformGroup = platformGroupOf(input.platform);
  }
  if (input.price !== undefined) out.listPriceCents = eurosToCents(input.price);
  if (input.priceBuy !== undefined) out.priceBuyCents = eurosToCents(input.priceBuy);
  if (input.region !== undefined) out.region = input.region;
  if (input.activationScope !== undefined) out.activationScope = input.activationScope;
  if (input.activationCountries !== undefined)
    out.activationCountries = [...new Set(input.activationCountries)];
  if (input.languages !== undefined) out.languages = input.languages;
  if (input.releaseDate !== undefined) out.releaseDate = input.releaseDate;
  if (input.preorderAllowed !== undefined) out.preorderAllowed = input.preorderAllowed;
  if (input.description !== undefined)
    out.description = input.description === null ? null : sanitizeRichText(input.description);
  if (input.coverUrl !== undefined) out.coverUrl = input.coverUrl;
  if (input.genres !== undefined) out.genres = input.genres;
  if (input.developers !== undefined) out.developers = input.developers;
  if (input.publishers !== undefined) out.publishers = input.publishers;
  return out;
}

/** Only the fields whose value changed, before and after. */
function diff(before: GameRow, after: GameRow) {
  const a = auditView(before);
  const b = auditView(after);
  const changed = Object.keys(b).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return {
    before: Object.fromEntries(changed.map((k) => [k, a[k]])),
    after: Object.fromEntries(changed.map((k) => [k, b[k]])),
  };
}

/** A game of the catalogue by id, locked for the caller's transaction when `lock` is set. */
export const findProduct = (db: Executor, id: number, lock = false) =>
  createProductsRepository(db).find(id, lock);

export function createProductsService(db: Database) {
  const repository = createProductsRepository(db);

  async function setHidden(actor: Actor, id: number, hidden: boolean): Promise<AdminProduct> {
    const row = await db.transaction(async (tx) => {
      const repo = createProductsRepository(tx);
      const before = await repo.find(id, true);
      if (!before) throw notFound('Unknown game');
      const after = (await repo.setHidden(id, hidden)) ?? before;
      await auditTrail(tx).record(actor, {
        action: hidden ? 'product.hide' : 'product.unhide',
        targetType: 'game',
        targetId: id,
        before: { hidden: before.hidden },
        after: { hidden: after.hidden },
      });
      return after;
    });
    catalogueChanged.notify();
    return toAdminProduct(row, await repository.countsOf(id));
  }

  return {
    async list(options: { q?: string | undefined; offset: number; limit: number }) {
      const { rows, total } = await repository.page(options);
      const counts = await repository.keyCounts(rows.map((r) => r.id));
      return {
        total,
        items: rows.map((row) =>
          toAdminProduct(row, counts.get(row.id) ?? { available: 0, reserved: 0, sold: 0, revoked: 0 }),
        ),
      };
    },

    async get(id: number): Promise<AdminProduct> {
      const row = await repository.find(id);
      if (!row) throw notFound('Unknown game');
      return toAdminProduct(row, await repository.countsOf(id));
    },

    async create(actor: Actor, input: CreateProductInput): Promise<AdminProduct> {
      const providerId = `kl-a${randomBytes(5).toString('hex')}`;
      const columns = toColumns(input);
      const row = await db.transaction(async (tx) => {
        const at = new Date();
        await declarePriceChange(tx, 'admin', `admin:${actor.adminId}`, at);
        const inserted = await createProductsRepository(tx).insert({
          ...columns,
          providerId,
          productId: randomUUID(),
          identifier: providerId,
          title: input.title,
          slug: slugify(input.title),
          platform: input.platform,
          platformGroup: platformGroupOf(input.platform),
          priceCents: eurosToCents(input.price),
          hidden: input.hidden ?? false,
        });
        // A sale of its platform or of the whole catalogue may already cover the new game.
        const onSale = await refreshSalePrices(tx, [inserted.id], at, 'promotion', 'scheduler');
        const created =
          onSale.length > 0 ? ((await createProductsRepository(tx).find(inserted.id)) ?? inserted) : inserted;
        await auditTrail(tx).record(actor, {
          action: 'product.create',
          targetType: 'game',
          targetId: created.id,
          after: auditView(created),
        });
        return created;
      });
      catalogueChanged.notify();
      return toAdminProduct(row, { available: 0, reserved: 0, sold: 0, revoked: 0 });
    },

    async update(actor: Actor, id: number, input: UpdateProductInput): Promise<AdminProduct> {
      const row = await db.transaction(async (tx) => {
        const repo = createProductsRepository(tx);
        const before = await repo.find(id, true);
        if (!before) throw notFound('Unknown game');
        const at = new Date();
        await declarePriceChange(tx, 'admin', `admin:${actor.adminId}`, at);
        const updated = (await repo.update(id, toColumns(input))) ?? before;
        // A new regular price or platform changes what a running sale gives the game.
        const resold = await refreshSalePrices(tx, [id], at, 'admin', `admin:${actor.adminId}`);
        const after = resold.length > 0 ? ((await repo.find(id)) ?? updated) : updated;
        await auditTrail(tx).record(actor, {
          action: 'product.update',
          targetType: 'game',
          targetId: id,
          ...diff(before, after),
        });
        return after;
      });
      catalogueChanged.notify();
      return toAdminProduct(row, await repository.countsOf(id));
    },

    hide: (actor: Actor, id: number) => setHidden(actor, id, true),
    unhide: (actor: Actor, id: number) => setHidden(actor, id, false),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
