// A payment's new status, pushed to the learner's open tabs (issue 25 §3; @lp/contracts `push.ts`), so the payment
// status page updates without polling. Sent after billing.payment.updated is flushed; best effort (bus.push never
// throws): the status is stored and announced already, and the page re-reads it when its stream (re)opens.
import type { PaymentUpdated } from '@lp/contracts';
import type { EventBus } from '@lp/service-kit';

export function pushPaymentStatus(bus: EventBus, payment: PaymentUpdated) {
  const { userId, paymentId, status, provider, amount, currency } = payment;
  bus.push(userId, { type: 'payment', paymentId, status, provider, amount, currency });
}
