import { pagePaths } from '@keyland/core/pages';

/** The page of the verification e-mail's link (`${PUBLIC_URL}/verify-email?token=…`). */
export const verifyEmailPath = pagePaths.verifyEmail;
