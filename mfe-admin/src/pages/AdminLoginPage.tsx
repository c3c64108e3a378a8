import { Button, Card, PageFrame } from '@lp/ui';
import { ApiError, navigate, toast, useSession } from '@lp/web-platform';
import { useState, type FormEvent } from 'react';
import { verifyAdminPassword } from '../access/admin-access.ts';
import { heading } from '@lp/web-platform/heading';
import '../admin.css';

/** Spec §2, §5, §8: one password field; the elevation is the server's, the flag mirrors it. */
export function AdminLoginPage() {
  const session = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.trim() === '') {
      setError('Admin password required');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifyAdminPassword(password);
      toast({ title: 'Access Granted', description: 'Welcome to admin panel' });
      navigate('/admin-upload');
    } catch (err) {
      const status = err instanceof ApiError ? err.status : null;
      const code = err instanceof ApiError ? err.code : null;
      if (status === 403 && code === 'WRONG_ADMIN_PASSWORD') {
        toast({ title: 'Access Denied', description: 'Incorrect password', variant: 'destructive' });
      } else if (status === 429) {
        toast({ title: 'Error', description: 'Too many attempts. Wait 15 minutes and try again.', variant: 'destructive' });
      } else if (status === 403 && code === 'NOT_OWNER') {
        toast({ title: 'Access Denied', description: 'Only the owner account can use the admin panel.', variant: 'destructive' });
      } else {
        toast({ title: 'Error', description: 'Failed to verify password', variant: 'destructive', error: err });
      }
    } finally {
      setBusy(false);
    }
  }

  const signedOut = session.status === 'unauthenticated';
  return (
    <PageFrame title={heading('Admin Login')} subtitle="Sign in with the admin password to manage content." width="narrow">
      <Card>
        {signedOut ? (
          <p>
            Sign in with the owner account first. <a href="/api/login">Sign in</a>
          </p>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Admin login" className="lp-admin-form">
            <div className="lp-field">
              <label className="lp-field__label" htmlFor="admin-password">Admin password</label>
              <input
                id="admin-password" type="password" autoComplete="current-password" value={password}
                onChange={(e) => setPassword(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'admin-password-error' : undefined}
              />
              {error && <p id="admin-password-error" role="alert" className="lp-state--error">{error}</p>}
            </div>
            <p>
              <Button type="submit" disabled={busy}>{busy ? 'Verifying...' : 'Access Admin Panel'}</Button>
            </p>
          </form>
        )}
      </Card>
    </PageFrame>
  );
}
