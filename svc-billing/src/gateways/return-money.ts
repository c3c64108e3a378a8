// Gives an order's captured payment back through the gateway that took it (a payment refused for its region).
import type { ReturnMoney } from '../ledger/payments';
import type { createPayPalGateway } from './paypal';
import type { createRazorpayGateway } from './razorpay';

export function returnMoneyThrough(razorpay: ReturnType<typeof createRazorpayGateway>, paypal: ReturnType<typeof createPayPalGateway>): ReturnMoney {
  return (order, paymentId) => (order.provider === 'razorpay'
    ? razorpay.refund(paymentId, order.amountMinor, `region ${order._id}`)
    : paypal.refund(paymentId, order.amountMinor, order.currency, `region ${order._id}`));
}
