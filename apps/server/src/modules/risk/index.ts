/** The risk module's public face: screening of checkouts and payments, and the recorded assessments. */
export type { RiskAssessmentRow } from './risk.repository.ts';
export type { RiskReason, RiskReasonCode, RiskScore, RiskTier } from './risk.score.ts';
export {
  type CheckoutScreening,
  createRiskService,
  type PaymentRiskDetails,
  type RiskService,
} from './risk.service.ts';
