import type { PaymentState } from '@lp/contracts';

// Every payment message of spec §8, word for word, split into a title and a description where the spec has one.
export const PAYMENT_MESSAGES = {
  verificationFailed: { title: 'Payment Verification Failed', description: 'Please contact support if money was deducted' },
  sdkError: { title: 'Payment Error', description: 'The payment could not be started. Please try again in a moment.' },
  processingError: { title: 'Payment Processing Error', description: 'There was an issue processing your payment. Please contact support' },
  cancelled: { title: 'Payment Cancelled', description: 'Your payment was cancelled. You can try again anytime' },
  failed: { title: 'Payment Failed/Error', description: 'there was an error processing your payment.' },
  success: { title: 'Payment successful', description: 'Your premium plan is active. Taking you to your dashboard…' },
} as const;
export type PaymentMessage = (typeof PAYMENT_MESSAGES)[keyof typeof PAYMENT_MESSAGES];

/** After a successful payment the learner goes to the dashboard after 2 s (spec §4). */
export const SUCCESS_REDIRECT_MS = 2000;

/** Payment status colours (spec §4): success/captured/completed green; failed/error red; pending/processing yellow; other grey,
 * so an order opened and never paid (`created`) is grey: nothing is being processed. */
export function statusVariant(status: string): 'success' | 'danger' | 'warning' | 'muted' {
  const s = status.toLowerCase();
  if (s === 'success' || s === 'captured' || s === 'completed') return 'success';
  if (s === 'failed' || s === 'error') return 'danger';
  if (s === 'pending' || s === 'processing') return 'warning';
  return 'muted';
}

/** A payment's status in plain words (the gateways' own words, like "captured", mean little to a learner). */
export const STATUS_LABEL: Record<PaymentState, string> = {
  captured: 'Paid', pending: 'Processing', failed: 'Failed', refunded: 'Refunded', created: 'Not completed',
};
