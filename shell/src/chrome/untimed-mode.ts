// Untimed mode (issue 33 §3): a learner who needs extra time turns timers off in the account menu. Saved on the
// account (svc-identity), so every device and every remote (the quiz runner, the challenge page) sees it through the
// shared session store. Loaded with the account menu (a lazy chunk): never on a visitor's page.
import { SetUntimed } from '@lp/contracts/urls';
import { errorMessageOf, sendJson, toast, useSession, type CurrentUser } from '@lp/web-platform';


export async function saveUntimedMode(untimed: boolean): Promise<void> {
  try {
    useSession.getState().setUser(await sendJson<CurrentUser>(SetUntimed.method, SetUntimed.url, { untimed }));
    toast({ title: untimed ? 'Untimed mode is on' : 'Untimed mode is off', description: untimed ? 'Timers are hidden, and your time never breaks a tie in a challenge.' : 'Timers show again.' });
  } catch (error) {
    toast({ title: 'Untimed mode was not saved', description: errorMessageOf(error), variant: 'destructive' });
  }
}
