/** Exposed as `billing/app`: the single-spa lifecycles the shell mounts for billing's routes (@lp/web-platform/remote). */
import { remoteLifecycles } from '@lp/web-platform/remote';
import { remote } from './routes.tsx';

export const { bootstrap, mount, unmount } = remoteLifecycles(remote);
