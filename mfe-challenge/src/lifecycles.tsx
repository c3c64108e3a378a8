/** Exposed as `challenge/app`: the single-spa lifecycles the shell mounts for challenge's routes (@lp/web-platform/remote). */
import { remoteLifecycles } from '@lp/web-platform/remote';
import { remote } from './routes.tsx';

export const { bootstrap, mount, unmount } = remoteLifecycles(remote);
