// The learner's own tickets (user) and the owner's inbox (owner role + admin elevation: the contract's
// access 'admin', checked by the kit on every call). Screenshots are served only here, privately.
import { GetInboxTicket, GetMyTicket, GetTicketAttachment, ListInbox, ListMyNotices, ListMyTickets, MarkNoticesSeen, ReplyToTicket } from '@lp/contracts';
import { addRoute, type ServiceApp } from '@lp/service-kit';
import type { FeedbackContext } from '../context';
import { contentTypeOf } from '../domain/attachment';

export function ticketRoutes(ctx: FeedbackContext, app: ServiceApp) {
  addRoute(app, ListMyTickets, async (request) => ({ tickets: await ctx.mine(request.user!.sub) }));
  addRoute(app, GetMyTicket, async (request) => ctx.mineOne(request.user!.sub, request.params.ticketNumber));
  addRoute(app, ListMyNotices, async (request) => ({ notices: await ctx.notices(request.user!.sub) }));
  addRoute(app, MarkNoticesSeen, async (request) => ctx.markNoticesSeen(request.user!.sub, request.body.replyIds));

  addRoute(app, ListInbox, async (request) => ctx.inbox(request.query));
  addRoute(app, GetInboxTicket, async (request) => ctx.inboxOne(request.params.ticketNumber));
  addRoute(app, GetTicketAttachment, async (request, reply) => {
    const { kind, bytes } = await ctx.attachment(request.params.ticketNumber);
    return reply
      .header('content-type', contentTypeOf(kind))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${request.params.ticketNumber}.${kind === 'png' ? 'png' : 'jpg'}"`)
      .send(bytes);
  });
  addRoute(app, ReplyToTicket, async (request) => ctx.reply(request.params.ticketNumber, request.user!.sub, request.body));
}
