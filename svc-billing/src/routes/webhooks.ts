// Gateway webhooks (server to server). Razorpay: X-Razorpay-Signature is the HMAC-SHA256 of the raw body with
// the webhook secret, so these routes keep the body as the raw string. PayPal: the event is checked by PayPal's
// verify-webhook-signature call. Each event is handled idempotently (ledger.settle), then its id is remembered,
// so a replay changes nothing; events may arrive in any order and before or after the browser's confirmation.
import { PayPalWebhook, RazorpayWebhook } from '@lp/contracts';
import { addRoute, AppError, type ServiceApp } from '@lp/service-kit';
import type { BillingContext } from '../context';
import { webhookSignatureValid } from '../domain/signatures';
import { razorpayBillingCountry } from '../gateways/razorpay';
import type { OrderDoc } from '../models';

interface RazorpayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id: string; order_id: string; status: string; amount: number; currency: string; international?: boolean } };
    refund?: { entity?: { id: string; payment_id: string } };
  };
}
interface PayPalEvent {
  id?: string;
  event_type?: string;
  resource?: { id?: string; status?: string; amount?: { value: string; currency_code: string }; supplementary_data?: { related_ids?: { order_id?: string; capture_id?: string } } };
}

const parseJson = <T>(raw: string): T => {
  try { return JSON.parse(raw) as T; } catch { throw new AppError(400, 'The webhook body is not JSON.', 'BAD_WEBHOOK'); }
};

export async function webhookRoutes(ctx: BillingContext) {
  const { app, orders, webhookEvents, ledger, razorpay, paypal } = ctx;
  await app.register(async (hooks: ServiceApp) => {
    // The signature covers the exact bytes: keep the body as the raw string in this scope.
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    /** Handles an event once per gateway event id; an unknown order (another environment's) is acknowledged and ignored. */
    const once = async (key: string, type: string, handle: () => Promise<void>) => {
      if (await webhookEvents.handled(key)) return;
      await handle();
      await webhookEvents.remember(key, type);
    };
    const orderById = async (orderId: string | undefined): Promise<OrderDoc | null> => (orderId ? orders.byId(orderId) : null);

    addRoute(hooks, RazorpayWebhook, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['x-razorpay-signature'];
      if (!razorpay.webhookSecret || !webhookSignatureValid(raw, typeof signature === 'string' ? signature : undefined, razorpay.webhookSecret)) {
        throw new AppError(400, 'The webhook signature does not match.', 'BAD_SIGNATURE');
      }
      const event = parseJson<RazorpayEvent>(raw);
      const eventIdHeader = request.headers['x-razorpay-event-id'];
      const payment = event.payload?.payment?.entity;
      const key = `razorpay:${typeof eventIdHeader === 'string' ? eventIdHeader : `${event.event}:${payment?.id ?? ''}`}`;
      await once(key, event.event ?? '', async () => {
        const order = await orderById(payment?.order_id);
        if (!order || !payment) return;
        if (event.event === 'payment.captured' || event.event === 'order.paid') {
          await ledger.settle(order, { state: 'captured', paymentId: payment.id, amountMinor: Number(payment.amount), currency: order.currency, billingCountry: razorpayBillingCountry(payment) });
        } else if (event.event === 'payment.failed') {
          await ledger.settle(order, { state: 'failed', paymentId: payment.id, amountMinor: Number(payment.amount), currency: order.currency });
        } else if (event.event === 'refund.processed' || event.event === 'payment.refunded') {
          await ledger.refunded(order, payment.id);
        }
      });
      return { received: true as const };
    });

    addRoute(hooks, PayPalWebhook, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const event = parseJson<PayPalEvent>(raw);
      let verified = false;
      try {
        verified = await paypal.verifyWebhook(request.headers, event);
      } catch (err) {
        // PayPal could not vouch for it now: answer 503 so PayPal delivers it again later.
        request.log.warn({ err: (err as Error).message }, 'PayPal webhook could not be verified now');
        throw new AppError(503, 'The webhook could not be verified right now.', 'VERIFY_UNAVAILABLE');
      }
      if (!verified || !event.id) throw new AppError(400, 'The webhook could not be verified with PayPal.', 'BAD_SIGNATURE');
      await once(`paypal:${event.id}`, event.event_type ?? '', async () => {
        const resource = event.resource ?? {};
        const order = await orderById(resource.supplementary_data?.related_ids?.order_id ?? (event.event_type?.startsWith('CHECKOUT.ORDER') ? resource.id : undefined));
        if (!order) return;
        const fallback = { amountMinor: order.amountMinor, currency: order.currency };
        switch (event.event_type) {
          case 'PAYMENT.CAPTURE.COMPLETED':
            await ledger.settle(order, { ...fallback, state: 'captured', paymentId: resource.id ?? null });
            break;
          case 'PAYMENT.CAPTURE.DENIED':
          case 'PAYMENT.CAPTURE.DECLINED':
            await ledger.settle(order, { ...fallback, state: 'failed', paymentId: resource.id ?? null });
            break;
          case 'PAYMENT.CAPTURE.REFUNDED':
            await ledger.refunded(order, resource.supplementary_data?.related_ids?.capture_id ?? null);
            break;
          case 'CHECKOUT.ORDER.APPROVED':
            await ledger.settle(order, await paypal.settlement(order._id, fallback));
            break;
          default:
        }
      });
      return { received: true as const };
    });
  });
}
