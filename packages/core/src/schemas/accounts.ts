import { z } from 'zod';
import { BIO_MAX_LENGTH, EMAIL_MAX_LENGTH, FULL_NAME_MAX_LENGTH, normaliseEmail } from '../account-rules.ts';
import { locales } from '../locales.ts';

export {
  BIO_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  nameWords,
  normaliseEmail,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordLengthProblem,
  type RuleProblem,
  registrationProblem,
} from '../account-rules.ts';

export const emailSchema = z
  .string()
  .trim()
  .min(1)
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email())
  .transform(normaliseEmail);

/** Registration body of POST /api/kl_api/register; the rules themselves are checked in order by `registrationProblem`. */
export const registerRequestSchema = z.object({
  fullName: z.string().max(FULL_NAME_MAX_LENGTH),
  email: emailSchema,
  country: z.number().int().nullable().optional(),
  password: z.string().max(1024),
  repeatPassword: z.string().max(1024),
  acceptTerms: z.boolean(),
  language: z.string().max(10).optional(),
});

export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const sessionUserSchema = z
  .object({
    email: z.string(),
    country: z.number().int().nullable(),
    kl_user_role: z.enum(['user', 'admin']),
    kl_email_verified: z.boolean(),
  })
  .meta({ id: 'SessionUser' });

export type SessionUser = z.infer<typeof sessionUserSchema>;

export const userOnlineResponseSchema = z.object({ user: sessionUserSchema.nullable() });

export const loginRequestSchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).transform(normaliseEmail),
  password: z.string().max(1024),
});

/**
 * A logged-in user, or — for an admin with a second factor — the challenge to answer with a code at
 * `POST /api/kl_api/login/totp` (no session exists yet).
 */
export const loginResponseSchema = z.union([
  z.object({ user: sessionUserSchema }),
  z.object({ totpRequired: z.literal(true), challenge: z.string() }),
]);

export const registerResponseSchema = z.object({ user: sessionUserSchema, message: z.string() });

export const forgotPasswordRequestSchema = z.object({ email: z.string().max(EMAIL_MAX_LENGTH) });

export const resetPasswordRequestSchema = z.object({
  token: z.string().max(200),
  newPassword: z.string().max(1024),
});

export const resetPasswordResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export const tokenRequestSchema = z.object({ token: z.string().max(200) });

export const okResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const profileSchema = z
  .object({
    email: z.string(),
    full_name: z.string(),
    country_id: z.number().int().nullable(),
    lang: z.string(),
    bio: z.string(),
  })
  .meta({ id: 'Profile' });

export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.object({
  fullName: z.string().max(FULL_NAME_MAX_LENGTH),
  country: z.number().int(),
  language: z.string().max(35),
  bio: z
    .string()
    .max(BIO_MAX_LENGTH * 2)
    .default(''),
});

export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const languageCodes = locales;
