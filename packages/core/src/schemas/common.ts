import { z } from 'zod';
import { errorCodes } from '../errors.ts';

/** The one error body of the API. `field` names the offending input on validation errors. */
export const errorBodySchema = z
  .object({
    error: z.enum(errorCodes),
    message: z.string(),
    field: z.string().optional(),
  })
  .meta({ id: 'ErrorBody' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The error answers of a route, by status (each the one error body): `...errorResponses(400, 401)`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}

/** A euro amount on the wire: a number with at most two decimals (converted to cents at the edge). */
export const eurosSchema = z
  .number()
  .finite()
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
    message: 'At most two decimals',
  });

export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });
