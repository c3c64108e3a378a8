// Replies to the learner's feedback as notices (issue 31 §17): on each page load the signed-in chrome asks svc-feedback
// for replies not yet seen, shows each as a toast, marks them seen (stored server-side, so every tab and device
// agrees, on any number of replicas), and keeps a count on the account menu until the learner opens /feedback.
// Loaded with the account menu (a lazy chunk): never on a visitor's page.
import type { ReplyNotice } from '@lp/contracts';
import { ListMyNotices, MarkNoticesSeen } from '@lp/contracts/urls';
import { getJson, sendJson, toast, usePathname } from '@lp/web-platform';
import { useEffect, useState } from 'react';

export const FEEDBACK_PATH = '/feedback';

export function noticeToast(n: ReplyNotice) {
  return { title: 'Reply to your feedback', description: `${n.ticketNumber} · ${n.subject}: ${n.message}` };
}

/** The replies that arrived since the learner last looked (0 once they open /feedback). */
export function useReplyNotices(): number {
  const [count, setCount] = useState(0);
  const pathname = usePathname();
  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      const { notices } = await getJson<{ notices: ReplyNotice[] }>(ListMyNotices.url, { signal: abort.signal });
      if (abort.signal.aborted || notices.length === 0) return;
      for (const n of notices.slice(0, 3)) toast(noticeToast(n));
      if (window.location.pathname !== FEEDBACK_PATH) setCount(notices.length); // on /feedback the replies are in view
      // Shown: seen. The count stays on the menu for this visit so the learner can still find the reply.
      await sendJson(MarkNoticesSeen.method, MarkNoticesSeen.url, { replyIds: notices.map((n) => n.replyId) });
    })().catch(() => undefined); // a notice is a courtesy: the replies stay on /feedback whatever happens here
    return () => abort.abort();
  }, []);
  useEffect(() => { if (pathname === FEEDBACK_PATH) setCount(0); }, [pathname]);
  return count;
}
