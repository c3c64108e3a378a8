/** Exposed as `challenge/app`: the single-spa lifecycles the shell mounts for challenge's routes (@lp/ui/remote). */
import { remoteLifecycles } from '@lp/ui/remote';
import { remote } from './routes.tsx';

export const { bootstrap, mount, unmount } = remoteLifecycles(remote);
