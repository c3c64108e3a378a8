import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { currentState } from '../../src/domain/payment-state';
import { checkoutSignatureValid, webhookSignatureValid } from '../../src/domain/signatures';

const secret = 'key_secret';
const sign = (s: string, body: string) => createHmac('sha256', s).update(body).digest('hex');

describe('Razorpay signatures', () => {
  it('accepts the Checkout signature HMAC-SHA256(order_id|payment_id) and refuses a changed id or a wrong secret', () => {
    const sig = sign(secret, 'order_A|pay_B');
    expect(checkoutSignatureValid('order_A', 'pay_B', sig, secret)).toBe(true);
    expect(checkoutSignatureValid('order_A', 'pay_C', sig, secret)).toBe(false);
    expect(checkoutSignatureValid('order_A', 'pay_B', sign('other', 'order_A|pay_B'), secret)).toBe(false);
    expect(checkoutSignatureValid('order_A', 'pay_B', undefined, secret)).toBe(false);
    expect(checkoutSignatureValid('order_A', 'pay_B', 'zz', secret)).toBe(false);
    expect(checkoutSignatureValid('order_A', 'pay_B', sig.slice(0, 62), secret)).toBe(false);
  });

  it('accepts a webhook whose X-Razorpay-Signature is the HMAC of the raw body, not a tampered body or another secret', () => {
    const body = '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","amount":50000}}}}';
    const sig = sign('whsec', body);
    expect(webhookSignatureValid(body, sig, 'whsec')).toBe(true);
    expect(webhookSignatureValid(body.replace('50000', '100'), sig, 'whsec')).toBe(false);
    expect(webhookSignatureValid(body, sig, 'other')).toBe(false);
    expect(webhookSignatureValid(body, sig.toUpperCase(), 'whsec')).toBe(true);
  });

  it('a replayed webhook still carries a valid signature, so replays are stopped by event id and by state (captured stays captured)', () => {
    const body = '{"event":"payment.failed"}';
    expect(webhookSignatureValid(body, sign('whsec', body), 'whsec')).toBe(true);
    // a late "failed" after "captured" does not undo the capture
    expect(currentState(['created', 'captured', 'failed'])).toBe('captured');
    expect(currentState(['created', 'failed'])).toBe('failed');
    expect(currentState(['created', 'captured', 'refunded'])).toBe('refunded');
  });
});
