import { z } from 'zod';
import { emptyToUndefined } from './env-values.ts';

/** Key claims and the support channel in the environment (README, "Key guarantee and support"). */
export const supportEnvShape = {
  /** The address support messages are mailed to and shown on the contact and legal pages; unset: none. */
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  /** A claim on a key delivered fewer days ago than this may be replaced at once. */
  CLAIM_AUTO_REPLACE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(365).default(14)),
  /** A customer with this many claims or more in the last 90 days waits for a person. */
  CLAIM_CLEAN_MAX_CLAIMS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(2)),
  /** …and so does one who claimed on more than this share (0–1) of their paid orders. */
  CLAIM_CLEAN_MAX_SHARE: z.preprocess(emptyToUndefined, z.coerce.number().min(0).max(1).default(0.25)),
  /** A claim nobody resolved within this many hours is flagged on the dashboard. */
  CLAIM_RESOLUTION_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(72),
  ),
};

const supportEnvSchema = z.object(supportEnvShape);
type SupportEnv = z.infer<typeof supportEnvSchema>;

export interface SupportSettings {
  supportEmail: string | undefined;
  claimAutoReplaceDays: number;
  claimCleanMaxClaims: number;
  claimCleanMaxShare: number;
  claimResolutionHours: number;
}

export function supportSettingsOf(e: SupportEnv): SupportSettings {
  return {
    supportEmail: e.SUPPORT_EMAIL,
    claimAutoReplaceDays: e.CLAIM_AUTO_REPLACE_DAYS,
    claimCleanMaxClaims: e.CLAIM_CLEAN_MAX_CLAIMS,
    claimCleanMaxShare: e.CLAIM_CLEAN_MAX_SHARE,
    claimResolutionHours: e.CLAIM_RESOLUTION_HOURS,
  };
}
