import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, statusVariant } from '../src/payment/messages.ts';
import { guessRegion, priceLabel } from '../src/payment/region.ts';

describe('the region guess', () => {
  it('reads India from the time zone or the language, Europe from the time zone, the US from its zones, else other', () => {
    expect(guessRegion('Asia/Kolkata', 'en-GB')).toBe('india');
    expect(guessRegion('UTC', 'en-IN')).toBe('india');
    expect(guessRegion('Europe/Berlin', 'de-DE')).toBe('europe');
    expect(guessRegion('America/New_York', 'en-US')).toBe('us');
    expect(guessRegion('Asia/Tokyo', 'ja')).toBe('other');
    expect(guessRegion(undefined, undefined)).toBe('other');
  });

  it('shows the price in Indian form, without needless decimals', () => {
    expect(priceLabel('india')).toBe('₹500');
    expect(priceLabel('europe')).toBe('€5');
  });
});

describe('payment status colours (spec §4)', () => {
  it('green for success, captured, completed; red for failed, error; yellow for pending, processing; grey otherwise', () => {
    for (const s of ['success', 'captured', 'completed']) expect(statusVariant(s)).toBe('success');
    for (const s of ['failed', 'error']) expect(statusVariant(s)).toBe('danger');
    for (const s of ['pending', 'processing']) expect(statusVariant(s)).toBe('warning');
    expect(statusVariant('refunded')).toBe('muted');
    expect(statusVariant('created')).toBe('muted');
  });
});

describe('payment messages (spec §8, word for word)', () => {
  it('keeps the spec texts', () => {
    expect(`${PAYMENT_MESSAGES.verificationFailed.title}, ${PAYMENT_MESSAGES.verificationFailed.description}`).toBe('Payment Verification Failed, Please contact support if money was deducted');
    expect(`${PAYMENT_MESSAGES.processingError.title}, ${PAYMENT_MESSAGES.processingError.description}`).toBe('Payment Processing Error, There was an issue processing your payment. Please contact support');
    expect(`${PAYMENT_MESSAGES.cancelled.title}, ${PAYMENT_MESSAGES.cancelled.description}`).toBe('Payment Cancelled, Your payment was cancelled. You can try again anytime');
    expect(`${PAYMENT_MESSAGES.failed.title}, ${PAYMENT_MESSAGES.failed.description}`).toBe('Payment Failed/Error, there was an error processing your payment.');
    expect(PAYMENT_MESSAGES.sdkError.title).toBe('Payment Error');
  });
});
