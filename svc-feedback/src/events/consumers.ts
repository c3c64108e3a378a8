// What svc-feedback consumes: billing's decision on a cancel-subscription or refund ticket (written on the
// ticket, so the learner sees it) and identity's users (name and e-mail for the inbox). The kit checks each event
// against its contract before a handler here runs.
import { userDisplayName } from '@lp/contracts';
import { onEvent, type Consumers } from '@lp/service-kit';
import type { FeedbackContext } from '../context';

export function feedbackConsumers(ctx: FeedbackContext): Consumers {
  const refundUpdated = onEvent('billing.refund.updated', 'refund-outcomes', async ({ id, data }) => {
    const ticket = await ctx.tickets.byNumber(data.ticketNumber);
    // Billing decides on a ticket it learned of from feedback.ticket.created, which is sent only once the ticket
    // is written: an unknown ticket, or one of another learner, is a mistake upstream, logged and not written.
    if (!ticket || ticket.userId !== data.userId) {
      ctx.app.log.error({ ticketNumber: data.ticketNumber, eventId: id, known: !!ticket }, 'billing outcome for an unknown ticket or another learner; not written');
      return;
    }
    // Keyed by the event id: a redelivery writes nothing twice; a later decision is a new record, the newest shows.
    await ctx.history.recordOutcome({
      _id: id, ticketNumber: data.ticketNumber, userId: data.userId, outcome: data.outcome, reason: data.reason, decidedAt: new Date(data.decidedAt),
    });
  });
  const userUpserted = onEvent('identity.user.upserted', 'learner-directory', async ({ data }) => {
    await ctx.learners.save({ _id: data.userId, name: userDisplayName(data), email: data.email, at: new Date() });
  });
  return [refundUpdated, userUpserted];
}
