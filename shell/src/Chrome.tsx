import { createPortal } from 'react-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '@lp/ui';
import { getQueryClient } from '@lp/web-platform';
import { Footer } from './chrome/Footer.tsx';
import { Nav } from './chrome/Nav.tsx';
import { ShellPages } from './pages/ShellPages.tsx';

/** The shell's React tree: nav in the header, its own pages in main, footer and toasts below. */
export function Chrome({ pageSlot, footerSlot }: { pageSlot: HTMLElement; footerSlot: HTMLElement }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <Nav />
      {createPortal(<ShellPages />, pageSlot)}
      {createPortal(
        <>
          <Footer />
          <Toaster />
        </>,
        footerSlot,
      )}
    </QueryClientProvider>
  );
}
