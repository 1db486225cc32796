import { errorBodySchema } from '@keyland/core/schemas/common';

/** Error answers every admin route may give (documented in the OpenAPI document). */
export const adminErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
