/** Exposed as `billing/app`: the single-spa lifecycles the shell mounts for billing's routes (@lp/ui/remote). */
import { remoteLifecycles } from '@lp/ui/remote';
import { remote } from './routes.tsx';

export const { bootstrap, mount, unmount } = remoteLifecycles(remote);
