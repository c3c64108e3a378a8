// A payment's new status, pushed to the learner's open tabs (issue 25 §3; @lp/contracts `push.ts`), so the payment
// status page updates without polling. Sent after the status is stored; best effort (bus.push never throws): the page
// re-reads the status when its stream (re)opens.
import type { PaymentState } from '@lp/contracts';
import type { EventBus } from '@lp/service-kit';
import { toMoney } from '../domain/prices';
import type { OrderDoc } from '../models';

export function pushPaymentStatus(bus: EventBus, order: OrderDoc, status: PaymentState, paymentId: string | null) {
  bus.push(order.userId, { type: 'payment', paymentId: paymentId ?? order._id, status, provider: order.provider, amount: toMoney(order.amountMinor), currency: order.currency });
}
