import { isCountryId } from './countries.ts';
import type { ErrorCode } from './errors.ts';

/** Account rules shared by the server and the web forms, kept free of zod so pages stay small. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const FULL_NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;
export const BIO_MAX_LENGTH = 2000;
/** What a customer calls one of their passkeys ("Phone", "Work laptop"). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** E-mails are compared trimmed and lower-cased, so `Ana@X.com ` and `ana@x.com` are one account. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

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

export interface RegistrationInput {
  password: string;
  repeatPassword: string;
  country?: number | null | undefined;
  fullName: string;
  acceptTerms: boolean;
}

/**
 * The registration rules in the original store's order: passwords match, (password strength), a country
 * is chosen, the full name has two words, the terms (with the age of 18) are accepted. The fifth rule,
 * an e-mail that does not exist yet, needs the database and is checked by the server after these.
 */
export function registrationProblem(
  input: RegistrationInput,
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
