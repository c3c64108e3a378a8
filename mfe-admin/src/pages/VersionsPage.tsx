// /admin-versions (issue 28 §1): which build of every slice this page is running on: each remote's version and
// manifest URL, the shell's, the gateway's and each service's. For the owner, behind the admin guard.
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorTextOf } from '@lp/web-platform/error-texts';
import { heading } from '@lp/web-platform/heading';
import { useCallback, useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { readComposition, type Composition } from '../versions/composition.ts';
import { t as translate, useT } from '../i18n/index.ts';
import '../admin.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; composition: Composition };


export function VersionsPage() {
  const access = useAdminAccess();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const t = useT();
  const read = useCallback(() => {
    setLoad({ state: 'loading' });
    readComposition().then(
      (composition) => setLoad({ state: 'done', composition }),
      (error: unknown) => (isAccessRefused(error) ? access.refuse() : setLoad({ state: 'error', message: errorTextOf(error, translate('versions.readFailed')) })),
    );
  }, [access]);
  useEffect(read, [read]);

  return (
    <PageFrame title={heading(t('versions.title'))} subtitle={t('versions.subtitle')} actions={<Button variant="ghost" onClick={() => void access.logout()}>{t('common.logout')}</Button>}>
      {load.state === 'loading' && <Spinner />}
      {load.state === 'error' && <ErrorState title={t('versions.failedTitle')} message={load.message} onRetry={read} retryLabel={t('common.retry')} />}
      {load.state === 'done' && <VersionTables composition={load.composition} />}
    </PageFrame>
  );
}

function VersionTables({ composition: { shell, remotes, slices } }: { composition: Composition }) {
  const t = useT();
  const unreadable = t('versions.unknown');
  return (
    <>
      <Card>
        <table className="lp-admin-table" aria-label={t('versions.frontEnd')}>
          <thead><tr><th scope="col">{t('versions.app')}</th><th scope="col">{t('versions.version')}</th><th scope="col">{t('versions.manifest')}</th></tr></thead>
          <tbody>
            <tr><th scope="row">shell</th><td>{shell ?? unreadable}</td><td>/</td></tr>
            {remotes.map((remote) => (
              <tr key={remote.name}>
                <th scope="row">{remote.name}</th>
                <td>{remote.version ?? `${unreadable} (${remote.problem})`}</td>
                <td><code>{remote.manifest}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card>
        <table className="lp-admin-table" aria-label={t('versions.backEnd')}>
          <thead><tr><th scope="col">{t('versions.service')}</th><th scope="col">{t('versions.version')}</th></tr></thead>
          <tbody>
            <tr><th scope="row">gateway</th><td>{slices.gateway}</td></tr>
            {slices.services.map((row) => (
              <tr key={row.service}><th scope="row">{row.service}</th><td>{row.version ?? `${unreadable} (${row.error ?? t('versions.noAnswer')})`}</td></tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
