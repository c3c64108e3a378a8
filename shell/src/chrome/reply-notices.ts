// Replies to the learner's feedback as notices (issue 31 §17): once per page load the signed-in chrome asks svc-feedback
// for replies not yet seen, shows each as a toast, marks them seen (stored server-side, so every tab and device
// agrees, on any number of replicas), and keeps a count on the account menu until the learner opens /feedback.
// Loaded with the account menu (a lazy chunk): never on a visitor's page. Kept small: the dashboard's byte budget.
import type { ReplyNotice } from '@lp/contracts';
import { ListMyNotices, MarkNoticesSeen } from '@lp/contracts/urls';
import { getJson, sendJson, toast, usePathname } from '@lp/web-platform';
import { useEffect, useState } from 'react';
import { accountT as t } from '../i18n/account.ts';

export const FEEDBACK_PATH = '/feedback';
let asked = false;

/** The replies that arrived since the learner last looked (0 once they open /feedback). */
export function useReplyNotices(): number {
  const [count, setCount] = useState(0);
  const pathname = usePathname();
  useEffect(() => {
    if (asked) return;
    asked = true;
    getJson<{ notices: ReplyNotice[] }>(ListMyNotices.url).then(({ notices }) => {
      if (!notices.length) return;
      for (const n of notices) toast({ title: t('menu.replyToast'), description: `${n.ticketNumber} · ${n.subject}: ${n.message}` });
      // Shown: seen. The count stays on the menu for this visit (not on /feedback, where the replies are in view).
      if (location.pathname !== FEEDBACK_PATH) setCount(notices.length);
      return sendJson(MarkNoticesSeen.method, MarkNoticesSeen.url, { replyIds: notices.map((n) => n.replyId) });
    }).catch(() => undefined); // a courtesy: the replies stay on /feedback whatever happens here
  }, []);
  useEffect(() => { if (pathname === FEEDBACK_PATH) setCount(0); }, [pathname]);
  return count;
}

/** Tests: a fresh page load. */
export function resetReplyNoticesForTests() {
  asked = false;
}
