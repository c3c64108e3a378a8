import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../src/domain/demo-accounts';
import { renderLoginPage } from '../../src/local-oidc/login-page';

describe('the local provider\u2019s sign-in page', () => {
  it('offers each demo account as a real button, with what it is for', () => {
    const html = renderLoginPage({ uid: 'abc', accounts: DEMO_ACCOUNTS, demoAdminPassword: 'admin-demo' });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<form method="post" action="/interaction/abc/login">');
    for (const a of DEMO_ACCOUNTS) {
      expect(html).toContain(`<button type="submit" name="account" value="${a.subject}"`);
      expect(html).toContain(a.summary);
      expect(html).toContain(a.email);
    }
    expect(html).toContain('standing in for Google');
    expect(html).toContain('<code>admin-demo</code>');
    expect(html).toContain('Cancel sign-in');
    expect(html).toMatch(/:focus-visible/);
  });

  it('does not show an admin password when a real one is configured, and escapes what it prints', () => {
    const html = renderLoginPage({ uid: 'a"b<c', accounts: [{ ...DEMO_ACCOUNTS[0]!, firstName: '<script>' }] });
    expect(html).not.toContain('admin-demo');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('/interaction/a%22b%3Cc/login');
  });

  it('offers New learner: a labelled name and e-mail, and says what was wrong when refused', () => {
    const html = renderLoginPage({ uid: 'abc', accounts: DEMO_ACCOUNTS });
    expect(html).toContain('<h2 id="new-learner-title">New learner</h2>');
    expect(html).toContain('<label for="new-learner-name">Name</label>');
    expect(html).toContain('<label for="new-learner-email">E-mail</label>');
    expect(html).toContain('<button type="submit" name="account" value="new-learner">');
    const refused = renderLoginPage({ uid: 'abc', accounts: DEMO_ACCOUNTS, newLearner: { error: 'Use a test address.', name: 'M"aya', email: 'm@gmail.com' } });
    expect(refused).toContain('role="alert"');
    expect(refused).toContain('Use a test address.');
    expect(refused).toContain('value="M&quot;aya"');
  });
});
