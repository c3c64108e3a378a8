import { RemoteRoot } from '@lp/ui/remote';
import { remote } from './routes.tsx';

/** The admin remote's root: the shared query client and this remote's (lazy) route switch. */
export function App({ standalone = false }: { standalone?: boolean }) {
  return <RemoteRoot remote={remote} standalone={standalone} />;
}
