import type { Currency } from '@lp/contracts';

/** What a gateway says about an order when asked (confirmation, webhook check, reconciliation). */
export interface GatewaySettlement {
  state: 'captured' | 'failed' | 'pending' | 'refunded';
  /** The gateway's payment (Razorpay) or capture (PayPal) id, once there is one. */
  paymentId: string | null;
  amountMinor: number;
  currency: Currency;
  /**
   * Where the buyer pays from, as an ISO 3166 code, where the gateway reports it: Razorpay's `international: false`
   * (an instrument issued in India) is 'IN'; PayPal's payer address country. null or absent: not reported.
   */
  billingCountry?: string | null;
}

/** A gateway call failed (network, auth, a refusal): the message is safe to show. */
export class GatewayError extends Error {
  constructor(message: string, readonly detail?: unknown) { super(message); }
}
