// Razorpay's signature schemes, checked in constant time: the Checkout signature is
// HMAC-SHA256(`order_id|payment_id`, key secret) and a webhook's X-Razorpay-Signature is HMAC-SHA256 of the raw
// body with the webhook secret (the SDK's own webhook check does not compare in constant time).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const hmacHex = (secret: string, message: string | Buffer) => createHmac('sha256', secret).update(message).digest('hex');

/** True when `given` is the hex HMAC `expected`, compared without leaking where they differ. */
export function sameSignature(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false;
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.toLowerCase(), 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

export function checkoutSignatureValid(orderId: string, paymentId: string, signature: string | undefined, keySecret: string): boolean {
  return sameSignature(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
}

export function webhookSignatureValid(rawBody: string | Buffer, signature: string | undefined, webhookSecret: string): boolean {
  return sameSignature(hmacHex(webhookSecret, rawBody), signature);
}
