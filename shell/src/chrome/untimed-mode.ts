// Untimed mode (issue 33 §3): a learner who needs extra time turns timers off in the account menu. Saved on the
// account (svc-identity), so every device and every remote (the quiz runner, the challenge page) sees it through the
// shared session store. Loaded with the account menu (a lazy chunk): never on a visitor's page. Its toasts read in
// the page's language (the account catalogue).
import { SetUntimed } from '@lp/contracts/urls';
import { sendJson, toast, useSession, type CurrentUser } from '@lp/web-platform';
import { errorTextLater } from '@lp/web-platform/error-text-later';
import { accountT as t } from '../i18n/account.ts';

export async function saveUntimedMode(untimed: boolean): Promise<void> {
  try {
    useSession.getState().setUser(await sendJson<CurrentUser>(SetUntimed.method, SetUntimed.url, { untimed }));
    toast(untimed ? { title: t('untimed.onTitle'), description: t('untimed.onText') } : { title: t('untimed.offTitle'), description: t('untimed.offText') });
  } catch (error) {
    // The error texts are fetched only when a save fails: not with the account menu on every signed-in page's load.
    toast({ title: t('untimed.saveFailed'), description: await errorTextLater(error), variant: 'destructive' });
  }
}
