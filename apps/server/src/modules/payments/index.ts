/** The payments module's public face: what other modules may use. Everything else in the folder is private. */
export {
  type ChargeState,
  type CheckoutSessionState,
  type DisputeEvidence,
  type DisputeState,
  type PaymentDetails,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
} from './payment.port.ts';
