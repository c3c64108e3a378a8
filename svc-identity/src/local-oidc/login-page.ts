// The local provider's sign-in page: one button per demo account, so a new user can try each role, and "New
// learner" (a name and a test e-mail) for as many more free learners as a test or a trial needs.
// Plain HTML (no script), keyboard-first: the buttons are real buttons in a form, in reading order.
import type { DemoAccount } from '../domain/demo-accounts';
import { NEW_LEARNER_ACCOUNT } from '../domain/new-learner';

export interface LoginPageInput {
  uid: string;
  accounts: readonly DemoAccount[];
  /** Shown next to the owner account when the embedded default's demo admin password is in use. */
  demoAdminPassword?: string;
  /** What the New learner form was sent with, and why it was refused. */
  newLearner?: { error: string; name: string; email: string };
}

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderLoginPage({ uid, accounts, demoAdminPassword, newLearner }: LoginPageInput): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const items = accounts.map((a, i) => {
    const name = `${a.firstName} ${a.lastName}`;
    const admin = a.role === 'owner' && demoAdminPassword
      ? `<p class="hint">Admin password for the admin area: <code>${escape(demoAdminPassword)}</code></p>`
      : '';
    return `<li>
        <button type="submit" name="account" value="${escape(a.subject)}" aria-describedby="account-${i}">Continue as ${escape(name)}</button>
        <div id="account-${i}">
          <p>${escape(a.summary)}</p>
          <p class="email">${escape(a.email)}</p>
          ${admin}
        </div>
      </li>`;
  }).join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Sign in (local demo) · LearnPlatform</title>
  <style>
    body { font-family: system-ui, sans-serif; margin: 0; padding: 1rem; background: #f8fafc; color: #0f172a; line-height: 1.5; }
    main { max-width: 36rem; margin: 2rem auto; background: #fff; border: 1px solid #cbd5e1; border-radius: .75rem; padding: 1.5rem; }
    h1 { font-size: 1.5rem; margin-top: 0; }
    .note { background: #eff6ff; border-left: 4px solid #1d4ed8; padding: .75rem 1rem; }
    ul { list-style: none; padding: 0; }
    li { border-top: 1px solid #e2e8f0; padding: 1rem 0; }
    li p { margin: .25rem 0; }
    button { font: inherit; font-weight: 600; padding: .6rem 1rem; border-radius: .5rem; border: 2px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
    button.secondary { background: #fff; color: #1d4ed8; }
    button:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
    .email, .hint { color: #334155; }
    code { background: #f1f5f9; padding: 0 .25rem; border-radius: .25rem; }
    h2 { font-size: 1.2rem; margin-bottom: .25rem; }
    .new-learner { border-top: 1px solid #e2e8f0; padding: .5rem 0 1rem; }
    input { font: inherit; padding: .5rem; border: 1px solid #64748b; border-radius: .375rem; width: 100%; max-width: 22rem; box-sizing: border-box; }
    input:focus-visible { outline: 3px solid #f59e0b; outline-offset: 1px; }
    .error { color: #b91c1c; font-weight: 600; }
  </style>
</head>
<body>
  <main>
    <h1>Sign in to LearnPlatform</h1>
    <p class="note">This is the local demo sign-in, standing in for Google on this machine. No password is needed: choose the account you want to try.</p>
    <form method="post" action="${action}/login">
      <ul>
      ${items}
      </ul>
    </form>
    <form method="post" action="${action}/login" class="new-learner" aria-labelledby="new-learner-title" novalidate>
      <h2 id="new-learner-title">New learner</h2>
      <p>A free learner of your own: the same e-mail signs in as the same learner again. Use a test address (ending in <code>.test</code>, or at <code>example.com</code>).</p>
      ${newLearner ? `<p class="error" role="alert" id="new-learner-error">${escape(newLearner.error)}</p>` : ''}
      <p><label for="new-learner-name">Name</label><br><input id="new-learner-name" name="name" autocomplete="off" maxlength="200" required value="${escape(newLearner?.name ?? '')}"${newLearner ? ' aria-describedby="new-learner-error"' : ''}></p>
      <p><label for="new-learner-email">E-mail</label><br><input id="new-learner-email" name="email" type="email" autocomplete="off" maxlength="254" required placeholder="maya@demo.test" value="${escape(newLearner?.email ?? '')}"${newLearner ? ' aria-describedby="new-learner-error"' : ''}></p>
      <button type="submit" name="account" value="${NEW_LEARNER_ACCOUNT}">Continue as a new learner</button>
    </form>
    <form method="post" action="${action}/abort">
      <button type="submit" class="secondary">Cancel sign-in</button>
    </form>
  </main>
</body>
</html>`;
}
