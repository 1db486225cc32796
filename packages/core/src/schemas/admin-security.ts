import { z } from 'zod';

/** The admin's TOTP second factor and the second step of an admin login. */

/** A 6-digit code of an authenticator app (spaces typed between groups are ignored). */
export const totpCodeSchema = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[0-9]{6}$/, { error: 'The code has 6 digits' }));

export const totpStatusSchema = z
  .object({
    /** Logins of this admin ask for a code. */
    enabled: z.boolean(),
    /** A secret was generated but not yet confirmed with a code. */
    pending: z.boolean(),
  })
  .meta({ id: 'AdminTotpStatus' });

export const totpSetupSchema = z
  .object({
    /** The secret in base32, to type into an authenticator app by hand. */
    secret: z.string(),
    /** The `otpauth://totp/…` URI the QR code holds. */
    uri: z.string(),
    /** The QR code as an SVG data URL (generated on the server). */
    qrSvgDataUrl: z.string(),
  })
  .meta({ id: 'AdminTotpSetup' });

export const totpCodeRequestSchema = z.object({ code: totpCodeSchema });

/** Second step of a login: the challenge from the first answer and a code. */
export const loginTotpRequestSchema = z.object({
  challenge: z.string().min(1).max(200),
  code: totpCodeSchema,
});

export type TotpStatus = z.infer<typeof totpStatusSchema>;
export type TotpSetup = z.infer<typeof totpSetupSchema>;
