// The inbox's calls (owner + admin elevation; the server answers 403 otherwise).
import type { FeedbackCategory, ReplyToTicketBody, TicketStatus } from '@lp/contracts';
import { GetInboxTicket, GetTicketAttachment, ListInbox, ReplyToTicket, urlOf } from '@lp/contracts/urls';
import { getRoute, sendRoute } from '@lp/web-platform/route-calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export interface InboxFilter { category?: FeedbackCategory; status?: TicketStatus }

const inboxKey = ['admin-feedback'] as const;

export function useInbox(filter: InboxFilter) {
  return useQuery({
    queryKey: [...inboxKey, 'list', filter.category ?? '', filter.status ?? ''],
    queryFn: ({ signal }) => getRoute(ListInbox, undefined, filter, signal),
    staleTime: 0,
  });
}

export function useInboxTicket(ticketNumber: string) {
  return useQuery({
    queryKey: [...inboxKey, 'ticket', ticketNumber],
    queryFn: ({ signal }) => getRoute(GetInboxTicket, { ticketNumber }, undefined, signal),
    staleTime: 0,
  });
}

export const attachmentUrl = (ticketNumber: string) => urlOf(GetTicketAttachment, { ticketNumber });

export function useReply(ticketNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyToTicketBody) => sendRoute(ReplyToTicket, { ticketNumber }, body),
    onSuccess: () => client.invalidateQueries({ queryKey: inboxKey }),
  });
}
