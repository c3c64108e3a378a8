/** Exposed as `admin/app`: the single-spa lifecycles the shell mounts for admin's routes (@lp/ui/remote). */
import { remoteLifecycles } from '@lp/ui/remote';
import { remote } from './routes.tsx';

export const { bootstrap, mount, unmount } = remoteLifecycles(remote);
