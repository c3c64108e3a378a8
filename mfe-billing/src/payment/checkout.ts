// Checkout with either gateway. With the local stand-ins (and with PayPal always) the browser goes to the
// gateway's page and comes back to /subscription?provider=…; with real Razorpay keys, Razorpay Checkout opens
// in the page. Every confirmation goes to the server, which verifies it and activates the plan once.
import type { PaymentOrder, PaymentResult, ProcessSubscriptionPaymentBody, RazorpayOrder, Region } from '@lp/contracts';
import { CreatePayPalOrder, CreateRazorpayOrder, CreateSubscriptionPayment, ProcessSubscriptionPayment } from '@lp/contracts/urls';
import { sendRoute } from '@lp/web-platform/route-calls';

export const quote = (region: Region): Promise<PaymentOrder> => sendRoute(CreateSubscriptionPayment, undefined, { region });

export async function startRazorpay(order: PaymentOrder, assign: (url: string) => void): Promise<'redirected' | PaymentResult> {
  const created = await sendRoute(CreateRazorpayOrder, undefined, { currency: order.currency, amount: Math.round(Number(order.amount) * 100) });
  if (created.checkoutUrl) {
    assign(created.checkoutUrl);
    return 'redirected';
  }
  const fields = await openRazorpayCheckout(created, order.description);
  return confirm({ paymentMethod: 'razorpay', razorpayData: fields });
}

export async function startPayPal(order: PaymentOrder, assign: (url: string) => void): Promise<'redirected'> {
  const created = await sendRoute(CreatePayPalOrder, undefined, { amount: order.amount, currency: order.currency, intent: 'CAPTURE' });
  if (!created.approveUrl) throw new Error('PayPal gave no approval link');
  assign(created.approveUrl);
  return 'redirected';
}

export const confirm = (body: ProcessSubscriptionPaymentBody): Promise<PaymentResult> => sendRoute(ProcessSubscriptionPayment, undefined, body);

type RazorpayFields = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
interface RazorpayCheckout { open(): void; on(event: string, fn: (e: unknown) => void): void }
declare global { interface Window { Razorpay?: new (options: Record<string, unknown>) => RazorpayCheckout } }

/** Razorpay's hosted Checkout (real keys only): loads its script, resolves with the signed fields. */
async function openRazorpayCheckout(order: RazorpayOrder, description: string): Promise<RazorpayFields> {
  if (!window.Razorpay) {
    await new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = 'https://checkout.razorpay.com/v1/checkout.js';
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('Razorpay Checkout could not be loaded'));
      document.head.appendChild(script);
    });
  }
  return new Promise((resolve, reject) => {
    const checkout = new window.Razorpay!({
      key: order.keyId, order_id: order.id, amount: order.amount, currency: order.currency, name: 'Learn Platform', description,
      handler: (fields: RazorpayFields) => resolve(fields),
      modal: { ondismiss: () => reject(Object.assign(new Error('cancelled'), { cancelled: true })) },
    });
    checkout.on('payment.failed', () => reject(Object.assign(new Error('failed'), { failed: true })));
    checkout.open();
  });
}
