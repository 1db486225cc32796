import { z } from 'zod';
import { emptyToUndefined } from './env-values.ts';

/** The fraud screening's settings in the environment (README, "Fraud screening"; modules/risk). */
export const riskEnvShape = {
  RISK_MEDIUM_SCORE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  RISK_HIGH_SCORE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(70)),
  /** `reason=points,…` overriding the default weights of modules/risk/risk.score.ts. */
  RISK_WEIGHTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\s*[a-z_]+\s*=\s*-?\d+\s*(,\s*[a-z_]+\s*=\s*-?\d+\s*)*$/, 'reason=points, comma-separated')
      .optional(),
  ),
  RISK_NEW_ACCOUNT_HOURS: z.preprocess(emptyToUndefined, z.coerce.number().min(0).default(24)),
  RISK_IGNORED_ADDRESSES: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
  CHECKOUT_LIMIT_ACCOUNT_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(10)),
  CHECKOUT_LIMIT_ACCOUNT_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(30)),
  CHECKOUT_LIMIT_ADDRESS_HOUR: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(30)),
  FAILED_PAYMENT_LIMIT_ACCOUNT_DAY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(5)),
  FAILED_PAYMENT_LIMIT_ADDRESS_DAY: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).default(10),
  ),
  REVIEW_DEADLINE_HOURS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .positive()
      .max(24 * 14)
      .default(24),
  ),
};

const riskEnvSchema = z.object(riskEnvShape);
type RiskEnv = z.infer<typeof riskEnvSchema>;

/** Fraud screening: see modules/risk and the README's "Fraud screening". */
export interface RiskSettings {
  mediumScore: number;
  highScore: number;
  /** Overrides of the default weights, by reason code. */
  weights: Record<string, number>;
  newAccountHours: number;
  /** Addresses whose checkouts are not counted per address (the machine itself, a shared company proxy). */
  ignoredAddresses: string[];
  /** Velocity caps (0 turns one off): checkouts per account and address, failed payments per day. */
  checkoutsPerAccountHour: number;
  checkoutsPerAccountDay: number;
  checkoutsPerAddressHour: number;
  failedPaymentsPerAccountDay: number;
  failedPaymentsPerAddressDay: number;
  /** A held order not reviewed within this many hours is cancelled and refunded. */
  reviewDeadlineHours: number;
}

/** The settings from the validated environment; a high score below the medium one is raised to it. */
export function riskSettingsOf(e: RiskEnv): RiskSettings {
  return {
    mediumScore: e.RISK_MEDIUM_SCORE,
    highScore: Math.max(e.RISK_HIGH_SCORE, e.RISK_MEDIUM_SCORE),
    weights: Object.fromEntries(
      (e.RISK_WEIGHTS ?? '')
        .split(',')
        .filter((pair) => pair.includes('='))
        .map((pair) => {
          const [code = '', points = '0'] = pair.split('=');
          return [code.trim(), Number(points.trim())];
        }),
    ),
    newAccountHours: e.RISK_NEW_ACCOUNT_HOURS,
    ignoredAddresses: e.RISK_IGNORED_ADDRESSES.split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    checkoutsPerAccountHour: e.CHECKOUT_LIMIT_ACCOUNT_HOUR,
    checkoutsPerAccountDay: e.CHECKOUT_LIMIT_ACCOUNT_DAY,
    checkoutsPerAddressHour: e.CHECKOUT_LIMIT_ADDRESS_HOUR,
    failedPaymentsPerAccountDay: e.FAILED_PAYMENT_LIMIT_ACCOUNT_DAY,
    failedPaymentsPerAddressDay: e.FAILED_PAYMENT_LIMIT_ADDRESS_DAY,
    reviewDeadlineHours: e.REVIEW_DEADLINE_HOURS,
  };
}
