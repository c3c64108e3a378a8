// The feedback page's calls: the multipart submission (spec §7) and the learner's own tickets.
import type { FeedbackCategory, FeedbackReceipt } from '@lp/contracts';
import { ListMyTickets, SubmitFeedback } from '@lp/contracts/urls';
import { fetchWithSession, throwIfNotOk } from '@lp/web-platform';
import { getRoute } from '@lp/web-platform/route-calls';
import { useQuery } from '@tanstack/react-query';

export const MY_TICKETS_KEY = ['feedback', 'mine'] as const;

export interface FeedbackDraft {
  category: FeedbackCategory;
  subject: string;
  message: string;
  attachment: File | null;
  /** One per attempt to send this draft: a retry after a lost answer files nothing twice. */
  submissionId: string;
}

export async function submitFeedback(draft: FeedbackDraft): Promise<FeedbackReceipt> {
  const form = new FormData();
  form.append('category', draft.category);
  form.append('subject', draft.subject);
  form.append('message', draft.message);
  form.append('submissionId', draft.submissionId);
  if (draft.attachment) form.append('attachment', draft.attachment, draft.attachment.name);
  // A refusal raises the API client's error: the page shows its message (spec §7) with errorTextOf (in the page's language).
  const res = await throwIfNotOk(await fetchWithSession(SubmitFeedback.url, { method: 'POST', body: form, headers: { Accept: 'application/json' } }));
  const body = (await res.json().catch(() => null)) as Partial<FeedbackReceipt> | null;
  if (!body?.ticketNumber) throw new Error('The feedback service answered no ticket number');
  return { ticketNumber: body.ticketNumber };
}

export function useMyTickets() {
  return useQuery({
    queryKey: MY_TICKETS_KEY,
    queryFn: ({ signal }) => getRoute(ListMyTickets, undefined, undefined, signal),
  });
}
