// /admin-versions: loading, the versions (a remote whose version.json is missing and a service that did not answer
// are rows saying so), an error with a retry, and the owner-only gate. The API is faked at the fetch boundary.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/App.tsx';
import { ADMIN_ACCESS_MS, saveAdminAccess, UNAUTHORIZED_MESSAGE } from '../../src/access/admin-access.ts';
import { VersionsPage } from '../../src/pages/VersionsPage.tsx';
import { versionFileOf } from '../../src/versions/composition.ts';
import { apiError, fakeApi, heldReply, renderPage, signInAs } from '../support.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const REMOTES = { learn: '/remotes/learn/0.2.0+bbbbbbb/mf-manifest.json', admin: '/remotes/admin/mf-manifest.json' };
const SLICES = { gateway: '0.1.0+ccccccc', services: [{ service: 'study', version: '0.1.0+ccccccc' }, { service: 'feedback', version: null, error: 'not reachable (connect ECONNREFUSED)' }] };
const FRONT_END = {
  'GET /remotes.json': { body: REMOTES },
  'GET /version.json': { body: { name: 'shell', version: '0.1.0+aaaaaaa', commit: 'aaaaaaa' } },
  'GET /remotes/learn/0.2.0+bbbbbbb/version.json': { body: { name: 'mfe-learn', version: '0.2.0+bbbbbbb', commit: 'bbbbbbb' } },
  // admin's version.json is missing (a build from before versions): its row says so, the page still shows
};
const rowsOf = (table: string) => within(screen.getByRole('table', { name: table })).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('/admin-versions', () => {
  it('says it is loading, then shows each part: remotes with their manifest URL, the shell, the gateway and each service', async () => {
    const held = heldReply();
    fakeApi({ ...FRONT_END, 'GET /api/admin/versions': held.handler });
    renderPage(<VersionsPage />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    held.answer({ body: SLICES });
    await screen.findByRole('table', { name: 'Front end' });
    expect(rowsOf('Front end')).toEqual([
      ['shell', '0.1.0+aaaaaaa', '/'],
      ['learn', '0.2.0+bbbbbbb', REMOTES.learn],
      ['admin', 'unknown (Not Found)', REMOTES.admin],
    ]);
    expect(rowsOf('Back end')).toEqual([
      ['gateway', '0.1.0+ccccccc'],
      ['study', '0.1.0+ccccccc'],
      ['feedback', 'unknown (not reachable (connect ECONNREFUSED))'],
    ]);
  });

  it('says what failed when the versions cannot be read, and reads them again on Retry', async () => {
    let fail = true;
    fakeApi({ ...FRONT_END, 'GET /api/admin/versions': () => (fail ? apiError(503, 'The gateway is restarting.') : { body: SLICES }) });
    renderPage(<VersionsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not read the versions');
    expect(alert.textContent).toContain('The gateway is restarting.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('table', { name: 'Back end' })).textContent).toContain('0.1.0+ccccccc');
  });

  it('is behind the admin guard: a learner gets the unauthorized message and the versions are never asked for', async () => {
    signInAs({ role: 'learner' });
    saveAdminAccess(null);
    const calls = fakeApi({ ...FRONT_END, 'GET /api/admin/versions': { body: SLICES } });
    window.history.replaceState(null, '', '/admin-versions');
    render(<App />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNAUTHORIZED_MESSAGE));
    expect(calls.some((c) => c.path === '/api/admin/versions')).toBe(false);
  });

  it('for an elevated owner: the page, and the unauthorized message when the gateway refuses the versions', async () => {
    signInAs({});
    saveAdminAccess(null);
    fakeApi({ ...FRONT_END, 'GET /api/admin/session': { body: { elevated: true, expiresAt: new Date(Date.now() + ADMIN_ACCESS_MS).toISOString() } }, 'GET /api/admin/versions': apiError(403, 'Admin access has expired or was never granted. Enter the admin password again.', 'ADMIN_ELEVATION_REQUIRED') });
    window.history.replaceState(null, '', '/admin-versions');
    render(<App />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(UNAUTHORIZED_MESSAGE));
  });

  it("finds a remote's version.json beside its manifest, on this origin or another", () => {
    expect(versionFileOf('/remotes/learn/0.2.0+bbbbbbb/mf-manifest.json', 'https://app.example')).toBe('/remotes/learn/0.2.0+bbbbbbb/version.json');
    expect(versionFileOf('https://cdn.example/remotes/learn/mf-manifest.json', 'https://app.example')).toBe('https://cdn.example/remotes/learn/version.json');
  });
});
