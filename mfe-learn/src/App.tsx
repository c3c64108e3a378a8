import { QueryClientProvider } from '@tanstack/react-query';
import { NotFound, StandaloneIndex } from '@lp/ui';
import { RouteSwitch, getQueryClient } from '@lp/web-platform';
import { examplePaths, routes } from './routes.tsx';

/** The learn remote's root: the shared query client and this remote's route switch. */
export function App({ standalone = false }: { standalone?: boolean }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <RouteSwitch routes={routes} fallback={standalone ? <StandaloneIndex name="Learn" paths={examplePaths} /> : <NotFound />} />
    </QueryClientProvider>
  );
}
