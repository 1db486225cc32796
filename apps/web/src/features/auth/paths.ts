/** The page of the verification e-mail's link (`${PUBLIC_URL}/verify-email?token=…`). */
export const verifyEmailPath = '/verify-email';
