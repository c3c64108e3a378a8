// The feedback page's calls: the multipart submission (spec §7) and the learner's own tickets.
import type { FeedbackCategory, FeedbackReceipt } from '@lp/contracts';
import { ListMyTickets, SubmitFeedback } from '@lp/contracts/urls';
import { fetchWithSession, getRoute } from '@lp/web-platform';
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

/** Thrown when the server refuses: `message` is its `error` text (spec §7 "error field read on failure"). */
export class SubmissionError extends Error {}

export async function submitFeedback(draft: FeedbackDraft): Promise<FeedbackReceipt> {
  const form = new FormData();
  form.append('category', draft.category);
  form.append('subject', draft.subject);
  form.append('message', draft.message);
  form.append('submissionId', draft.submissionId);
  if (draft.attachment) form.append('attachment', draft.attachment, draft.attachment.name);
  const res = await fetchWithSession(SubmitFeedback.url, { method: 'POST', body: form, headers: { Accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as { error?: string; ticketNumber?: string } | null;
  if (!res.ok || !body?.ticketNumber) throw new SubmissionError(body?.error ?? '');
  return { ticketNumber: body.ticketNumber };
}

export function useMyTickets() {
  return useQuery({
    queryKey: MY_TICKETS_KEY,
    queryFn: ({ signal }) => getRoute(ListMyTickets, undefined, undefined, signal),
  });
}
