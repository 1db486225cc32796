import { z } from 'zod';

import { CATALOGUE_MAX_LIMIT, CATALOGUE_PAGE_SIZE, DEFAULT_PRICE_RANGE } from '../catalogue.ts';

export const catalogueFiltersSchema = z
  .object({
    name: z.string().trim().max(100).optional().default(''),
    platform: z.string().trim().max(60).optional().default(''),
    stockMin: z.number().int().min(0).max(1_000_000).optional().default(0),
    priceRange: z
      .tuple([z.number().min(0).max(1_000_000), z.number().min(0).max(1_000_000)])
      .optional()
      .default([DEFAULT_PRICE_RANGE[0], DEFAULT_PRICE_RANGE[1]]),
    /** Only games shown as reduced (a sale price below their 30-day reference). */
    onSale: z.boolean().optional().default(false),
  })
  .strip()
  .meta({ id: 'CatalogueFilters' });

export type CatalogueFilters = z.infer<typeof catalogueFiltersSchema>;

export const catalogueSorts = [
  'relevance',
  'price_asc',
  'price_desc',
  'release_desc',
  'title_asc',
  'discount_desc',
] as const;

export const cataloguePageRequestSchema = z
  .object({
    offset: z.number().int().min(0).max(1_000_000).default(0),
    limit: z.number().int().min(1).max(CATALOGUE_MAX_LIMIT).default(CATALOGUE_PAGE_SIZE),
    filters: catalogueFiltersSchema.optional().default(catalogueFiltersSchema.parse({})),
    sort: z.enum(catalogueSorts).optional(),
  })
  .meta({ id: 'CataloguePageRequest' });

export type CataloguePageRequest = z.infer<typeof cataloguePageRequestSchema>;

/** A game as the catalogue calls answer it (public fields; wholesale figures are for admins only). */
export const catalogueGameSchema = z
  .object({
    id: z.number().int(),
    providerId: z.string(),
    productId: z.string(),
    identifier: z.string(),
    title: z.string(),
    price: z.number(),
    price_sell: z.number(),
    price_sell_taxed: z.number(),
    stock: z.number().int(),
    platform: z.string(),
    cover: z.string(),
    cover_b: z.string().nullable(),
    region: z.string(),
    language: z.string(),
    release_date: z.string().nullable(),
    /**
     * Set only while the game is shown as reduced: the lowest price (euros, VAT included) of the 30 days
     * before the reduction started, and the percentage off computed from it (rounded down).
     */
    price_reference: z.number().nullable(),
    discount_percent: z.number().int().nullable(),
    /** When the sale giving the reduction ends (ISO 8601), or null. */
    sale_ends_at: z.string().nullable(),
    /** Sold as a pre-order: the day its keys are delivered (YYYY-MM-DD); absent when sold from stock. */
    preorder_release: z.string().optional(),
  })
  .meta({ id: 'CatalogueGame' });

export type CatalogueGame = z.infer<typeof catalogueGameSchema>;

export const cataloguePageSchema = z.array(catalogueGameSchema).meta({ id: 'CataloguePage' });

export const countGamesRequestSchema = z
  .object({
    filters: catalogueFiltersSchema.optional(),
    platform: z.string().trim().max(60).optional(),
    name: z.string().trim().max(100).optional(),
  })
  .default({})
  .meta({ id: 'CountGamesRequest' });

export const countGamesResponseSchema = z
  .object({ total: z.number().int() })
  .meta({ id: 'CountGamesResponse' });

export const platformsResponseSchema = z.array(z.string()).meta({ id: 'Platforms' });
