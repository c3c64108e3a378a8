import { Button, Card, PageFrame } from '@lp/ui';
import { ApiError, navigate, toast, useSession } from '@lp/web-platform';
import { useState, type FormEvent } from 'react';
import { verifyAdminPassword } from '../access/admin-access.ts';
import { heading } from '@lp/web-platform/heading';
import { useT } from '../i18n/index.ts';
import '../admin.css';

/** Spec §2, §5, §8: one password field; the elevation is the server's, the flag mirrors it. */
export function AdminLoginPage() {
  const session = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.trim() === '') {
      setError(t('login.required'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await verifyAdminPassword(password);
      toast({ title: t('login.granted'), description: t('login.welcome') });
      navigate('/admin-upload');
    } catch (err) {
      const status = err instanceof ApiError ? err.status : null;
      const code = err instanceof ApiError ? err.code : null;
      if (status === 403 && code === 'WRONG_ADMIN_PASSWORD') {
        toast({ title: t('login.denied'), description: t('login.incorrect'), variant: 'destructive' });
      } else if (status === 429) {
        toast({ title: t('common.error'), description: t('login.tooMany'), variant: 'destructive' });
      } else if (status === 403 && code === 'NOT_OWNER') {
        toast({ title: t('login.denied'), description: t('login.notOwner'), variant: 'destructive' });
      } else {
        toast({ title: t('common.error'), description: t('login.failed'), variant: 'destructive', error: err });
      }
    } finally {
      setBusy(false);
    }
  }

  const signedOut = session.status === 'unauthenticated';
  return (
    <PageFrame title={heading(t('login.title'))} subtitle={t('login.subtitle')} width="narrow">
      <Card>
        {signedOut ? (
          <p>
            {t('login.ownerFirst')} <a href="/api/login">{t('login.signIn')}</a>
          </p>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('login.form')} className="lp-admin-form">
            <div className="lp-field">
              <label className="lp-field__label" htmlFor="admin-password">{t('login.password')}</label>
              <input
                id="admin-password" type="password" autoComplete="current-password" value={password}
                onChange={(e) => setPassword(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'admin-password-error' : undefined}
              />
              {error && <p id="admin-password-error" role="alert" className="lp-state--error">{error}</p>}
            </div>
            <p>
              <Button type="submit" disabled={busy}>{busy ? t('login.verifying') : t('login.submit')}</Button>
            </p>
          </form>
        )}
      </Card>
    </PageFrame>
  );
}
