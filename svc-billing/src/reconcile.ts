// Reconciliation: an order left pending (the webhook lost, the browser closed on the way back) is checked
// against its gateway on a schedule and settled; a period whose year is over is ended. One replica at a time,
// under the kit's lease.
import { LeaseBusyError } from '@lp/service-kit';
import type { BillingContext } from './context';

/** Orders nobody paid within a day are closed as failed (a gateway order expires long before). */
const ABANDONED_AFTER_MS = 24 * 3_600_000;

export async function reconcilePending(ctx: BillingContext): Promise<number> {
  const { orders, leases, ledger, razorpay, paypal, config, app } = ctx;
  let settled = 0;
  try {
    await leases.run('billing-reconcile', { ttlMs: 120_000 }, async () => {
      const before = new Date(Date.now() - config.reconcileAfterMs);
      const pending = await orders.pendingSince(before);
      for (const marker of pending) {
        try {
          const order = await orders.byId(marker._id);
          if (!order) { await orders.stopFollowing(marker._id); continue; }
          const fallback = { amountMinor: order.amountMinor, currency: order.currency };
          const settlement = order.provider === 'razorpay'
            ? await razorpay.settlement(order._id, order.amountMinor, order.currency)
            : await paypal.settlement(order._id, fallback);
          if (settlement.state === 'captured' || settlement.state === 'refunded') {
            await ledger.settle(order, settlement);
            settled += 1;
          } else if (Date.now() - order.createdAt.getTime() > ABANDONED_AFTER_MS) {
            await ledger.settle(order, { ...settlement, state: 'failed' });
            await orders.stopFollowing(order._id);
          }
        } catch (err) {
          app.log.warn({ orderId: marker._id, err: (err as Error).message }, 'pending order not reconciled this time');
        }
      }
      // Periods whose year is over end now (billing.subscription.ended, reason expired).
      await ledger.expireDue();
    });
  } catch (err) {
    if (!(err instanceof LeaseBusyError)) app.log.warn({ err }, 'reconciliation pass failed; it runs again on schedule');
  }
  return settled;
}

export function startReconciler(ctx: BillingContext) {
  const timer = setInterval(() => void reconcilePending(ctx), ctx.config.reconcileIntervalMs);
  timer.unref();
  ctx.app.addHook('onClose', async () => clearInterval(timer));
}
