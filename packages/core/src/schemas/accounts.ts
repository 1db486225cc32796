import { z } from 'zod';
import { isCountryId } from '../countries.ts';
import type { ErrorCode } from '../errors.ts';
import { locales } from '../locales.ts';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
export const BIO_MAX_LENGTH = 2000;

/** E-mails are compared trimmed and lower-cased, so `Ana@X.com ` and `ana@x.com` are one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

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

export interface RuleProblem {
  code: ErrorCode;
  field: string;
}

/** Length rule of the password policy (the common-password rule is checked on the server). */
export function passwordLengthProblem(password: string, field = 'password'): RuleProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return { code: 'PASSWORD_TOO_SHORT', field };
  if (length > PASSWORD_MAX_LENGTH) return { code: 'PASSWORD_TOO_LONG', field };
  return null;
}

/** Words of a full name after trimming. */
export function nameWords(fullName: string): string[] {
  return fullName.trim().split(/\s+/).filter(Boolean);
}

/**
 * The registration rules in the original store's order: passwords match, (password strength), a country
 * is chosen, the full name has two words, the terms (with the age of 18) are accepted. The fifth rule,
 * an e-mail that does not exist yet, needs the database and is checked by the server after these.
 */
export function registrationProblem(
  input: Pick<RegisterRequest, 'password' | 'repeatPassword' | 'country' | 'fullName' | 'acceptTerms'>,
  extraPasswordCheck?: (password: string) => RuleProblem | null,
): RuleProblem | null {
  if (input.password !== input.repeatPassword)
    return { code: 'PASSWORDS_DO_NOT_MATCH', field: 'repeatPassword' };
  const strength = passwordLengthProblem(input.password) ?? extraPasswordCheck?.(input.password) ?? null;
  if (strength) return strength;
  if (input.country == null || !isCountryId(input.country))
    return { code: 'COUNTRY_REQUIRED', field: 'country' };
  if (nameWords(input.fullName).length < 2) return { code: 'FULL_NAME_TWO_WORDS', field: 'fullName' };
  if (!input.acceptTerms) return { code: 'TERMS_NOT_ACCEPTED', field: 'acceptTerms' };
  return null;
}

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

export const loginResponseSchema = z.object({ user: sessionUserSchema });

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
