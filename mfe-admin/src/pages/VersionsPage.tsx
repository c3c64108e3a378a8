// /admin-versions (issue 28 §1): which build of every slice this page is running on: each remote's version and
// manifest URL, the shell's, the gateway's and each service's. For the owner, behind the admin guard.
import { Button, Card, ErrorState, PageFrame, Spinner } from '@lp/ui';
import { errorMessageOf } from '@lp/web-platform';
import { heading } from '@lp/web-platform/heading';
import { useCallback, useEffect, useState } from 'react';
import { isAccessRefused, useAdminAccess } from '../access/AdminGuard.tsx';
import { readComposition, type Composition } from '../versions/composition.ts';
import '../admin.css';

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; composition: Composition };

const UNREADABLE = 'unknown';

export function VersionsPage() {
  const access = useAdminAccess();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const read = useCallback(() => {
    setLoad({ state: 'loading' });
    readComposition().then(
      (composition) => setLoad({ state: 'done', composition }),
      (error: unknown) => (isAccessRefused(error) ? access.refuse() : setLoad({ state: 'error', message: errorMessageOf(error, 'The versions could not be read.') })),
    );
  }, [access]);
  useEffect(read, [read]);

  return (
    <PageFrame title={heading('Versions')} subtitle="The build of every part this page is running on." actions={<Button variant="ghost" onClick={() => void access.logout()}>Logout</Button>}>
      {load.state === 'loading' && <Spinner />}
      {load.state === 'error' && <ErrorState title="Could not read the versions" message={load.message} onRetry={read} />}
      {load.state === 'done' && <VersionTables composition={load.composition} />}
    </PageFrame>
  );
}

function VersionTables({ composition: { shell, remotes, slices } }: { composition: Composition }) {
  return (
    <>
      <Card>
        <table className="lp-admin-table" aria-label="Front end">
          <thead><tr><th scope="col">App</th><th scope="col">Version</th><th scope="col">Manifest</th></tr></thead>
          <tbody>
            <tr><th scope="row">shell</th><td>{shell ?? UNREADABLE}</td><td>/</td></tr>
            {remotes.map((remote) => (
              <tr key={remote.name}>
                <th scope="row">{remote.name}</th>
                <td>{remote.version ?? `${UNREADABLE} (${remote.problem})`}</td>
                <td><code>{remote.manifest}</code></td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card>
        <table className="lp-admin-table" aria-label="Back end">
          <thead><tr><th scope="col">Service</th><th scope="col">Version</th></tr></thead>
          <tbody>
            <tr><th scope="row">gateway</th><td>{slices.gateway}</td></tr>
            {slices.services.map((row) => (
              <tr key={row.service}><th scope="row">{row.service}</th><td>{row.version ?? `${UNREADABLE} (${row.error ?? 'no answer'})`}</td></tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
