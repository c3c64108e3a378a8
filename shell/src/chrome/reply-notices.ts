// Replies to the learner's feedback as notices (issue 31 §17): the signed-in chrome asks svc-feedback for replies not
// yet seen once per page load, and again whenever the tab's push stream says the desk replied (a `reply` message) or
// the stream opens again after a gap; it shows each as a toast, marks them seen (stored server-side, so every tab and
// device agrees, on any number of replicas), and keeps a count on the account menu until the learner opens /feedback.
// Loaded with the account menu (a lazy chunk): never on a visitor's page. Kept small: the dashboard's byte budget.
import type { ReplyNotice } from '@lp/contracts';
import { ListMyNotices, MarkNoticesSeen } from '@lp/contracts/urls';
import { getJson, sendJson, toast, usePathname } from '@lp/web-platform';
import { holdPush, onPush, onPushReopened } from '@lp/web-platform/query';
import { useEffect, useState } from 'react';
import { accountT as t } from '../i18n/account.ts';

export const FEEDBACK_PATH = '/feedback';
let askedOnLoad = false;
/** Replies already shown in this tab: two asks crossing (a push during the first) show each once. */
const shown = new Set<string>();

/** Asks for unseen replies; shows the new ones and marks them seen. Answers how many were new. */
async function showUnseenReplies(): Promise<number> {
  const { notices } = await getJson<{ notices: ReplyNotice[] }>(ListMyNotices.url);
  const fresh = notices.filter((n) => !shown.has(n.replyId));
  if (!fresh.length) return 0;
  for (const n of fresh) {
    shown.add(n.replyId);
    toast({ title: t('menu.replyToast'), description: `${n.ticketNumber} · ${n.subject}: ${n.message}` });
  }
  void sendJson(MarkNoticesSeen.method, MarkNoticesSeen.url, { replyIds: fresh.map((n) => n.replyId) }).catch(() => undefined);
  return fresh.length;
}

/** The replies that arrived since the learner last looked (0 once they open /feedback). */
export function useReplyNotices(): number {
  const [count, setCount] = useState(0);
  const pathname = usePathname();
  useEffect(() => {
    const ask = () => {
      showUnseenReplies().then((added) => {
        // The count stays on the menu for this visit (not on /feedback, where the replies are in view).
        if (added && location.pathname !== FEEDBACK_PATH) setCount((n) => n + added);
      }).catch(() => undefined); // a courtesy: the replies stay on /feedback whatever happens here
    };
    if (!askedOnLoad) {
      askedOnLoad = true;
      ask();
    }
    const release = holdPush();
    const stopReplies = onPush('reply', ask);
    const stopReopened = onPushReopened(ask);
    return () => {
      stopReplies();
      stopReopened();
      release();
    };
  }, []);
  useEffect(() => { if (pathname === FEEDBACK_PATH) setCount(0); }, [pathname]);
  return count;
}

/** Tests: a fresh page load. */
export function resetReplyNoticesForTests() {
  askedOnLoad = false;
  shown.clear();
}
