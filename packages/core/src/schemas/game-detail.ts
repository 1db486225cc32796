import { z } from 'zod';
import { activationScopes } from '../activation.ts';
import { eurosSchema } from './common.ts';

/*
 * Game detail (spec section 3), the supplier-style fact sheet and the admin write of game data. Names on
 * the wire follow the spec (a mix of RAWG snake_case and the store's camelCase).
 */

/** A provider id as used in /product?session=… and cover URLs. */
export const providerIdSchema = z
  .string()
  .trim()
  .regex(/^[\w-]{1,80}$/, 'Letters, digits, _ and - only (at most 80)');

export const gameDetailRequestSchema = z.object({ providerId: providerIdSchema });
export type GameDetailRequest = z.infer<typeof gameDetailRequestSchema>;

export const productRequestSchema = z.object({
  productId: z.string().trim().min(1).max(80),
});

export const gamePhotoSchema = z.object({ url: z.string() }).meta({ id: 'GamePhoto' });
export const gameVideoSchema = z.object({ url: z.string(), title: z.string() }).meta({ id: 'GameVideo' });
export const gameRatingSchema = z
  .object({ title: z.string(), count: z.number().int(), percent: z.number() })
  .meta({ id: 'GameRating' });

/** The normalised game detail every visitor may read. Prices in euros; numbers default to 0. */
export const gameDetailSchema = z
  .object({
    name: z.string(),
    platform: z.string(),
    description: z.string(),
    released: z.string().nullable(),
    background_image: z.string().nullable(),
    background_image_additional: z.string().nullable(),
    website: z.string().nullable(),
    rating: z.number(),
    ratings: z.array(gameRatingSchema),
    platforms: z.array(z.string()),
    genres: z.array(z.string()),
    tags: z.array(z.string()),
    developers: z.array(z.string()),
    publishers: z.array(z.string()),
    categories: z.array(z.string()),
    photos: z.array(gamePhotoSchema),
    videos: z.array(gameVideoSchema),
    stores: z.array(z.string()),
    minimumRequirements: z.string().nullable(),
    region: z.string(),
    /** Where the keys activate: the EU/EEA, worldwide, or only the listed countries (ISO codes). */
    activation: z.object({ scope: z.enum(activationScopes), countries: z.array(z.string()) }).optional(),
    language: z.string(),
    /** Selling price with VAT (the catalogue price). */
    price: z.number(),
    /** Selling price without VAT (home-country rate). */
    priceSell: z.number(),
    priceSellWithTax: z.number(),
    /**
     * Set only while the price is shown as reduced: the lowest price (VAT included) of the 30 days before
     * the reduction started, the percentage off computed from it (rounded down), and when the sale ends.
     */
    priceReference: z.number().nullable().optional(),
    discountPercent: z.number().int().nullable().optional(),
    saleEndsAt: z.string().nullable().optional(),
    /** Wholesale buying price: present for admins only, never sent to anyone else. */
    priceBuy: z.number().optional(),
    provider_id: z.string(),
    productId: z.string(),
    identifier: z.string(),
    slug: z.string(),
    stock: z.number().int(),
    /** Sold as a pre-order: the day its keys are delivered (YYYY-MM-DD); absent when sold from stock. */
    preorderRelease: z.string().optional(),
    cover: z.string(),
    /** The game database the details came from (`rawg`): the page then credits it with a link. */
    detailsSource: z.string().nullable().optional(),
  })
  .meta({ id: 'GameDetail' });

export type GameDetail = z.infer<typeof gameDetailSchema>;

export const gameDetailResponseSchema = z
  .object({ found: z.boolean(), game: gameDetailSchema.nullable() })
  .meta({ id: 'GameDetailResponse' });

export type GameDetailResponse = z.infer<typeof gameDetailResponseSchema>;

/** The supplier-style product fact sheet (CodesWholesale shape) built from the store's own data. */
export const productFactSheetSchema = z
  .object({
    productId: z.string(),
    identifier: z.string(),
    officialTitle: z.string(),
    factSheets: z.array(z.object({ territory: z.string(), description: z.string() })),
    releases: z.array(z.object({ territory: z.string(), status: z.string(), date: z.string().nullable() })),
    platform: z.string(),
    category: z.string(),
    developerName: z.string(),
    developerHomepage: z.string(),
    videos: z.array(z.object({ url: z.string(), title: z.string() })),
    photos: z.array(z.object({ url: z.string(), territory: z.string() })),
    minimumRequirements: z.string(),
    inTheGameLanguages: z.array(z.object({ territory: z.string() })),
  })
  .meta({ id: 'ProductFactSheet' });

export type ProductFactSheet = z.infer<typeof productFactSheetSchema>;

// ---------------------------------------------------------------------------------------------------
// Writing game data (admin)

/**
 * A list-like field as it may arrive: a real array, or JSON text of an array. Text that does not parse, or
 * parses to something other than an array, yields an empty list, never an error.
 */
export function parseJsonList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return [];
  const text = value.trim();
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The name in a list element: a string, `{name}`, or RAWG's nested `{platform: {name}}` /
 * `{store: {name}}`. Anything else is dropped.
 */
function nameOf(item: unknown): string | undefined {
  if (typeof item === 'string') return item.trim() || undefined;
  if (!isRecord(item)) return undefined;
  for (const key of ['name', 'title']) {
    const value = item[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  for (const key of ['platform', 'store', 'genre', 'tag']) {
    const nested = item[key];
    if (isRecord(nested) && typeof nested.name === 'string' && nested.name.trim()) return nested.name.trim();
  }
  return undefined;
}

/** A list of names (array or JSON text), elements normalised by `nameOf`; unreadable elements dropped. */
export function parseNameList(value: unknown): string[] {
  return parseJsonList(value)
    .map(nameOf)
    .filter((name): name is string => name !== undefined);
}

/** A URL the store may render: http(s), or a path on the store itself (never `//host` or `javascript:`). */
export const safeUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), {
    message: 'An http(s) URL or a path starting with /',
  });

const nameListSchema = (max: number) => z.preprocess(parseNameList, z.array(z.string().max(100)).max(max));

const photoListSchema = z.preprocess(
  (value) =>
    parseJsonList(value)
      .map((item) => {
        if (typeof item === 'string') return item;
        if (isRecord(item)) return item.url ?? item.image;
        return undefined;
      })
      .filter((url) => url !== undefined),
  z.array(safeUrlSchema).max(30),
);

const videoListSchema = z.preprocess(
  (value) =>
    parseJsonList(value)
      .map((item) => {
        if (typeof item === 'string') return { url: item, title: '' };
        if (!isRecord(item)) return undefined;
        // RAWG movies: { name, data: { max, 480 } }.
        const data = isRecord(item.data) ? item.data : {};
        return { url: item.url ?? data.max ?? data['480'], title: item.title ?? item.name ?? '' };
      })
      .filter((video) => video !== undefined),
  z.array(z.object({ url: safeUrlSchema, title: z.string().trim().max(200) })).max(20),
);

const ratingListSchema = z.preprocess(
  (value) => parseJsonList(value).filter(isRecord),
  z
    .array(
      z.object({
        title: z.string().trim().max(60),
        count: z.number().int().min(0).max(100_000_000).default(0),
        percent: z.number().min(0).max(100).default(0),
      }),
    )
    .max(20),
);

const optionalText = (max: number) => z.string().trim().max(max).optional();
const isoDateSchema = z.iso.date();

/** Descriptive data in RAWG's shape (https://api.rawg.io/docs/#operation/games_read), every field optional. */
export const rawgDataSchema = z
  .object({
    name: optionalText(200),
    description: optionalText(20_000),
    description_raw: optionalText(20_000),
    released: isoDateSchema.nullable().optional(),
    background_image: safeUrlSchema.nullable().optional(),
    background_image_additional: safeUrlSchema.nullable().optional(),
    website: z
      .union([z.literal(''), safeUrlSchema])
      .nullable()
      .optional(),
    rating: z.number().min(0).max(5).optional(),
    ratings: ratingListSchema.optional(),
    ratings_count: z.number().int().min(0).max(100_000_000).optional(),
    platforms: nameListSchema(30).optional(),
    genres: nameListSchema(30).optional(),
    tags: nameListSchema(60).optional(),
    developers: nameListSchema(30).optional(),
    publishers: nameListSchema(30).optional(),
    stores: nameListSchema(30).optional(),
    categories: nameListSchema(30).optional(),
    photos: photoListSchema.optional(),
    short_screenshots: photoListSchema.optional(),
    videos: videoListSchema.optional(),
    movies: videoListSchema.optional(),
    minimumRequirements: optionalText(5_000),
  })
  .strip()
  .meta({ id: 'RawgGameData' });

/** Commercial data in the key supplier's shape; the provider id is the key of the upsert. */
export const providerDataSchema = z
  .object({
    providerId: providerIdSchema,
    productId: z.string().trim().min(1).max(80).optional(),
    identifier: z.string().trim().min(1).max(120).optional(),
    name: optionalText(200),
    platform: z.string().trim().min(1).max(60).optional(),
    region: z.string().trim().min(1).max(60).optional(),
    /** Languages as text ('English, Spanish') or a list (array or JSON text). */
    languages: z
      .preprocess(
        (value) =>
          Array.isArray(value) || (typeof value === 'string' && value.trim().startsWith('['))
            ? parseNameList(value).join(', ')
            : value,
        z.string().trim().max(500),
      )
      .optional(),
    releaseDate: isoDateSchema.nullable().optional(),
    /** Selling price with VAT, in euros. */
    price: eurosSchema.min(0).max(100_000).optional(),
    /** Wholesale buying price, in euros. */
    priceBuy: eurosSchema.min(0).max(100_000).optional(),
    cover: safeUrlSchema.nullable().optional(),
    coverB: safeUrlSchema.nullable().optional(),
    hidden: z.boolean().optional(),
  })
  .strip()
  .meta({ id: 'ProviderGameData' });

export const saveGameDetailRequestSchema = z.object({
  rawgData: rawgDataSchema.optional().default({}),
  providerData: providerDataSchema,
});

export type SaveGameDetailRequest = z.infer<typeof saveGameDetailRequestSchema>;
export type RawgData = z.infer<typeof rawgDataSchema>;
export type ProviderData = z.infer<typeof providerDataSchema>;

export const saveGameDetailResponseSchema = z
  .object({ created: z.boolean(), game: gameDetailSchema })
  .meta({ id: 'SaveGameDetailResponse' });
