/**
 * The remote on its own (`@lp/ui/standalone`): `dist/index.html` and `npm run dev -w <remote>`
 * render the remote's root into `#root`, with the design system's styles and the toaster the shell
 * would otherwise provide. Only the standalone entry imports this (the shell has the styles already).
 */
import '@lp/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '@lp/ui';
import { RemoteRoot, type RemoteDefinition } from './remote.tsx';

export function startStandalone(remote: RemoteDefinition, container = document.getElementById('root')!) {
  createRoot(container).render(
    <StrictMode>
      <main>
        <RemoteRoot remote={remote} standalone />
      </main>
      <Toaster />
    </StrictMode>,
  );
}
