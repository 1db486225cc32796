import { passwordLengthProblem, type RuleProblem } from '@keyland/core/schemas/accounts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The 10,000 most common passwords (zxcvbn's frequency-ranked list), compared case-insensitively. */
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

/** ASVS 2.1.1 / 2.1.7: 12 to 128 characters, no composition rules, not a common password. */
export function passwordProblem(password: string, field = 'password'): RuleProblem | null {
  return (
    passwordLengthProblem(password, field) ??
    (isCommonPassword(password) ? { code: 'PASSWORD_TOO_COMMON', field } : null)
  );
}
