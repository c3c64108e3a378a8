/** Standalone page (`dist/index.html`): the remote on its own, with the design system's styles. */
import '@lp/ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from '@lp/ui';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <App standalone />
    </main>
    <Toaster />
  </StrictMode>,
);
