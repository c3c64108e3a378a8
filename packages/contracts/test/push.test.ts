import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { ChallengePush, PaymentPush, ProgressPush, PushMessage } from '../src/index';

// Every kind of push message is built by one builder (push.ts): its `type` names the kind, and nothing but the
// kind's own fields passes. The browser dispatches on `type`, and the gateway writes only what validates.
const payment = { type: 'payment', paymentId: 'pay_1', status: 'captured', provider: 'razorpay', amount: '499.00', currency: 'INR' };

describe('push messages', () => {
  it('each kind is a closed object whose `type` is its own name', () => {
    for (const [kind, schema] of [['progress', ProgressPush], ['payment', PaymentPush], ['challenge', ChallengePush]] as const) {
      expect(schema.properties.type.const).toBe(kind);
      expect(schema.additionalProperties).toBe(false);
      expect(schema.required).toContain('type');
    }
  });

  it('a payment message passes as a push message; with a field of its own added, or under another kind\'s name, it is refused', () => {
    expect(Value.Check(PushMessage, payment)).toBe(true);
    expect(Value.Check(PaymentPush, { ...payment, note: 'extra' })).toBe(false);
    expect(Value.Check(PushMessage, { ...payment, type: 'progress' })).toBe(false);
    expect(Value.Check(PushMessage, { ...payment, type: 'refund' })).toBe(false);
  });
});
