import type { PaymentState } from '@lp/contracts';
import { en } from '../i18n/index.ts';

// Every payment message of spec §8, word for word, split into a title and a description where the spec has one. The
// words are the catalogue's (`payment.<key>Title`, `payment.<key>`); `PaymentNotice` shows them in the page's language.
const message = <K extends 'verificationFailed' | 'sdkError' | 'processingError' | 'cancelled' | 'failed' | 'success'>(key: K) =>
  ({ key, title: en[`payment.${key}Title`], description: en[`payment.${key}`] }) as const;
export const PAYMENT_MESSAGES = {
  verificationFailed: message('verificationFailed'),
  sdkError: message('sdkError'),
  processingError: message('processingError'),
  cancelled: message('cancelled'),
  failed: message('failed'),
  success: message('success'),
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

/** A payment's status in plain words (the gateways' own words, like "captured", mean little to a learner): `t(statusKey(s))`. */
export const statusKey = (status: PaymentState) => `status.${status}` as const;
