// GET /api/refund: what a refund would do now; POST /api/refund: the learner confirms it (src/refunds.ts).
import { ConfirmRefund, GetRefundQuote } from '@lp/contracts';
import { addRoute } from '@lp/service-kit';
import type { BillingContext } from '../context';
import { createRefunds } from '../refunds';

export async function refundRoutes(ctx: BillingContext) {
  const refunds = createRefunds(ctx);
  addRoute(ctx.app, GetRefundQuote, async (request) => refunds.quote(request.user!.sub));
  addRoute(ctx.app, ConfirmRefund, async (request) => refunds.confirm(request.user!.sub, request.body.ticketNumber));
}
