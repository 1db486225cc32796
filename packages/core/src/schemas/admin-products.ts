import { z } from 'zod';
import { activationScopes } from '../activation.ts';
import { adminPageSchema, adminPagingQuerySchema, adminSearchText, eurosField } from './admin-common.ts';

/** The admin's games (`/api/admin/products`): the list, one game, creating and editing. */

export const keyCountsSchema = z
  .object({
    available: z.number().int(),
    reserved: z.number().int(),
    sold: z.number().int(),
    revoked: z.number().int(),
  })
  .meta({ id: 'AdminKeyCounts' });

export const adminProductSchema = z
  .object({
    id: z.number().int(),
    providerId: z.string(),
    productId: z.string(),
    title: z.string(),
    platform: z.string(),
    platformGroup: z.string(),
    /** Selling price, VAT included (euros). */
    price: z.number(),
    /** Wholesale buying price (euros). */
    priceBuy: z.number(),
    hidden: z.boolean(),
    region: z.string(),
    /** Where the keys activate (the cart warns a customer whose country is outside it). */
    activationScope: z.enum(activationScopes),
    /** ISO codes of the countries, for `activationScope: 'countries'`. */
    activationCountries: z.array(z.string()),
    languages: z.string(),
    releaseDate: z.string().nullable(),
    /** Customers may pre-order it while its release date is ahead: paid now, delivered on that day. */
    preorderAllowed: z.boolean(),
    description: z.string().nullable(),
    coverUrl: z.string().nullable(),
    genres: z.array(z.string()),
    developers: z.array(z.string()),
    publishers: z.array(z.string()),
    keys: keyCountsSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminProduct' });

export type AdminProduct = z.infer<typeof adminProductSchema>;

export const productsQuerySchema = adminPagingQuerySchema.extend({ q: adminSearchText });

export const productsPageSchema = adminPageSchema(adminProductSchema, 'AdminProductsPage');

const nameList = z.array(z.string().trim().min(1).max(100)).max(30);

/** Every field of a game form, the three required at creation first. */
const { title, price, platform, ...otherProductFields } = {
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, { error: 'title is required' })
    .max(300, { error: 'title can have at most 300 characters' }),
  price: eurosField('price').refine((v) => v > 0, { error: 'price must be greater than 0' }),
  platform: z
    .string({ error: 'platform is required' })
    .trim()
    .min(1, { error: 'platform is required' })
    .max(60, { error: 'platform can have at most 60 characters' }),
  priceBuy: eurosField('priceBuy'),
  region: z.string().trim().min(1).max(60),
  activationScope: z.enum(activationScopes),
  activationCountries: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/, { error: 'a country is a two-letter ISO code' }),
    )
    .max(60),
  languages: z.string().trim().min(1).max(300),
  releaseDate: z.iso.date({ error: 'releaseDate must be a date (YYYY-MM-DD)' }).nullable(),
  preorderAllowed: z.boolean(),
  description: z.string().max(20_000).nullable(),
  coverUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/|https:\/\/)/, { error: 'coverUrl must be a path of the store or an https URL' })
    .nullable(),
  genres: nameList,
  developers: nameList,
  publishers: nameList,
};

/** Create a game: title, price (euros, VAT included) and platform are required. */
export const createProductSchema = z
  .object({
    title,
    price,
    platform,
    ...z.object(otherProductFields).partial().shape,
    hidden: z.boolean().optional(),
  })
  .strict()
  .meta({ id: 'AdminCreateProduct' });

/** Edit a game: any of the create fields; at least one. */
export const updateProductSchema = z
  .object({ title, price, platform, ...otherProductFields })
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'Change at least one field' })
  .meta({ id: 'AdminUpdateProduct' });

export type CreateProductInput = z.infer<typeof createProductSchema>;
export type UpdateProductInput = z.infer<typeof updateProductSchema>;
